package dev.muster.core.admission;

/**
 * Global admission settings.
 *
 * @param fairSharing order admissions within a cohort by dominant resource share (Kueue's
 *                    {@code fairSharing.enable}) instead of by priority and arrival
 */
public record AdmissionSettings(boolean fairSharing) {
    public static final AdmissionSettings DEFAULTS = new AdmissionSettings(false);
}
