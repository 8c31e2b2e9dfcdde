package dev.muster.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import dev.muster.bench.placement.AllocationCurve;
import dev.muster.bench.placement.PublishedResults;
import dev.muster.sim.report.Report;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The GPU allocation a {@code muster simulate} report of a generated openb scenario implies, as
 * the FGD paper defines it ({@link AllocationCurve}, the figure {@code PlacementExperiment} reports):
 * one sample per arriving pod, in arrival order, of arrived and allocated GPU; the figure is the mean
 * allocation (allocated / capacity) of the samples in the 130 % arrival bin. A pod counts as placed at
 * its arrival when the report ends with it admitted; {@link #placedLate} counts those admitted after
 * their arrival instant (0 when the engine decides each pod when it arrives, as FGD's simulator does).
 *
 * @param allocationAtFinal   the FGD figure: allocation % in the 130 % arrival bin
 * @param allocationAtEnd     allocated GPU at the end / capacity, %, from the report's pods
 * @param allocatedMilli      GPU thousandths the report's pods hold (devices, or their fraction)
 * @param requestedPlacedMilli GPU thousandths the admitted pods asked for (equal to allocatedMilli when consistent)
 */
public record ReportAllocation(int pods, int placed, int pending, int placedLate, double allocationAtFinal,
        double allocationAtEnd, long allocatedMilli, long requestedPlacedMilli) {

    /** A workload of the report as this needs it. */
    public record PlacedWorkload(String name, String state, Double admittedAtSeconds, long gpuMilli) {

        boolean admitted() {
            return "Admitted".equals(state);
        }
    }

    public static ReportAllocation of(ScenarioArrivals scenario, List<PlacedWorkload> workloads) {
        Map<String, PlacedWorkload> byName = new HashMap<>();
        workloads.forEach(w -> byName.put(w.name(), w));
        AllocationCurve curve = new AllocationCurve(scenario.capacityMilli(), PublishedResults.FINAL_ARRIVAL);
        int placed = 0;
        int late = 0;
        long allocated = 0;
        long requestedPlaced = 0;
        for (ScenarioArrivals.Arrival a : scenario.arrivals()) {
            PlacedWorkload w = byName.get(a.name());
            boolean admitted = w != null && w.admitted();
            curve.arrived(a.gpuMilli(), admitted);
            if (admitted) {
                placed++;
                allocated += w.gpuMilli();
                requestedPlaced += a.gpuMilli();
                if (w.admittedAtSeconds() != null && Math.round(w.admittedAtSeconds() * 1000) > a.arrivalMillis()) {
                    late++;
                }
            }
        }
        int pods = scenario.arrivals().size();
        return new ReportAllocation(pods, placed, pods - placed, late,
                curve.at(PublishedResults.FINAL_ARRIVAL), 100.0 * allocated / scenario.capacityMilli(), allocated,
                requestedPlaced);
    }

    /** The workloads of an in-process report. */
    public static List<PlacedWorkload> workloads(Report report) {
        List<PlacedWorkload> out = new ArrayList<>(report.workloads().size());
        for (Report.WorkloadReport w : report.workloads()) {
            long milli = 0;
            for (Report.PodReport p : w.pods() == null ? List.<Report.PodReport>of() : w.pods()) {
                milli += gpuMilli(p.gpuFraction(), p.gpuDevices() == null ? 0 : p.gpuDevices().size());
            }
            out.add(new PlacedWorkload(w.name(), w.state(), w.admittedAtSeconds(), milli));
        }
        return out;
    }

    /** The workloads of a report read from {@code muster simulate -o json}. */
    public static List<PlacedWorkload> workloads(JsonNode report) {
        List<PlacedWorkload> out = new ArrayList<>();
        for (JsonNode w : report.path("workloads")) {
            long milli = 0;
            for (JsonNode p : w.path("pods")) {
                JsonNode fraction = p.path("gpuFraction");
                milli += gpuMilli(fraction.isNumber() ? fraction.asDouble() : null, p.path("gpuDevices").size());
            }
            JsonNode at = w.path("admittedAtSeconds");
            out.add(new PlacedWorkload(w.path("name").asText(), w.path("state").asText(),
                    at.isNumber() ? at.asDouble() : null, milli));
        }
        return out;
    }

    private static long gpuMilli(Double fraction, int devices) {
        return fraction != null ? Math.round(fraction * 1000) : 1000L * devices;
    }
}
