package dev.muster.bench.scale;

import dev.muster.sim.trace.OpenbPod;
import dev.muster.bench.placement.OpenbSample;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The pods of a generated openb scenario in arrival order, with their GPU requests, and the
 * cluster's GPU capacity: what {@link ReportAllocation} needs beside a report. Read back from the
 * files {@link OpenbScenarioWriter} leaves next to the manifests.
 */
public record ScenarioArrivals(List<Arrival> arrivals, long capacityMilli) {

    /** One pod: its name (the report's workload name), when it arrives, and the GPU thousandths it asks for. */
    public record Arrival(String name, long arrivalMillis, long gpuMilli) {
    }

    public ScenarioArrivals {
        arrivals = List.copyOf(arrivals);
    }

    public static ScenarioArrivals of(OpenbSample sample) {
        List<Arrival> out = new ArrayList<>(sample.arrivals().size());
        for (int i = 0; i < sample.arrivals().size(); i++) {
            OpenbPod p = sample.arrivals().get(i);
            out.add(new Arrival(p.name(), i * OpenbScenarioWriter.ARRIVAL_GAP_MILLIS, p.totalGpuMilli()));
        }
        return new ScenarioArrivals(out, sample.capacityMilli());
    }

    public static ScenarioArrivals read(Path scenarioDir) {
        try {
            Properties properties = new Properties();
            try (Reader r = Files.newBufferedReader(scenarioDir.resolve(OpenbScenarioWriter.PROPERTIES), StandardCharsets.UTF_8)) {
                properties.load(r);
            }
            long capacity = Long.parseLong(properties.getProperty("gpuCapacityMilli", "").strip());
            List<String> lines = Files.readAllLines(scenarioDir.resolve(OpenbScenarioWriter.ARRIVALS), StandardCharsets.UTF_8);
            List<Arrival> arrivals = new ArrayList<>(lines.size());
            for (String line : lines.subList(1, lines.size())) {
                String[] cells = line.split(",");
                arrivals.add(new Arrival(cells[0], Long.parseLong(cells[1]), Long.parseLong(cells[2])));
            }
            return new ScenarioArrivals(arrivals, capacity);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the openb scenario's " + OpenbScenarioWriter.ARRIVALS + " and "
                    + OpenbScenarioWriter.PROPERTIES + " in " + scenarioDir, e);
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("malformed " + OpenbScenarioWriter.ARRIVALS + " or "
                    + OpenbScenarioWriter.PROPERTIES + " in " + scenarioDir + ": " + e.getMessage(), e);
        }
    }
}
