package dev.muster.cli;

/**
 * Stands in for Muster's jar in {@link KubectlPluginLauncherTest}: prints its working directory and
 * its arguments, one a line, so that the test sees what the launcher ran it with.
 */
public final class LauncherProbe {

    private LauncherProbe() {
    }

    public static void main(String[] args) {
        System.out.println("dir=" + System.getProperty("user.dir"));
        for (String a : args) {
            System.out.println("arg=" + a);
        }
    }
}
