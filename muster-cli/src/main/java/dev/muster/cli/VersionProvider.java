package dev.muster.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Reads the version Maven wrote into {@code version.properties} at build time. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {"muster " + p.getProperty("version", "unknown")};
    }
}
