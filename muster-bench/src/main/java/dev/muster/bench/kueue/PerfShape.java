package dev.muster.bench.kueue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A Kueue performance-test shape: its generator config and, when there is one, its rangespec with
 * Kueue's gates and measured figures.
 *
 * @param name   {@code baseline}, {@code large-scale} or the path it was read from
 * @param source where the generator config came from, for the report
 */
public record PerfShape(String name, String source, GeneratorConfig generator, Optional<RangeSpec> rangeSpec) {

    /** The shapes bundled with this module, copied unchanged from Kueue's repository. */
    public static final List<String> BUNDLED = List.of("baseline", "large-scale");

    private static final String RESOURCES = "/dev/muster/bench/kueue-perf/";

    /**
     * {@code baseline}, {@code large-scale}, a directory holding {@code generator.yaml} (and
     * optionally {@code rangespec.yaml}), or a generator file (a {@code rangespec.yaml} next to it is
     * read too).
     */
    public static PerfShape load(String arg) {
        if (BUNDLED.contains(arg)) {
            return bundled(arg);
        }
        Path p = Path.of(arg);
        Path generator = Files.isDirectory(p) ? p.resolve("generator.yaml") : p;
        if (!Files.isRegularFile(generator)) {
            throw new GeneratorConfigException(arg + ": no such shape (use " + String.join(", ", BUNDLED)
                    + ", a directory with generator.yaml, or a generator.yaml file)");
        }
        Path range = generator.toAbsolutePath().getParent().resolve("rangespec.yaml");
        String g = read(generator);
        Optional<RangeSpec> r = Files.isRegularFile(range)
                ? Optional.of(RangeSpec.parse(read(range), range.toString()))
                : Optional.empty();
        return new PerfShape(arg, generator.toString(), GeneratorConfig.parse(g, generator.toString()), r);
    }

    public static PerfShape bundled(String name) {
        String base = RESOURCES + name + "/";
        String g = resource(base + "generator.yaml");
        String r = resource(base + "rangespec.yaml");
        String source = "Kueue test/performance/scheduler/configs/" + name + "/generator.yaml";
        return new PerfShape(name, source, GeneratorConfig.parse(g, name + "/generator.yaml"),
                Optional.of(RangeSpec.parse(r, name + "/rangespec.yaml")));
    }

    private static String resource(String path) {
        try (InputStream in = PerfShape.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new GeneratorConfigException(p + ": cannot read: " + e.getMessage());
        }
    }
}
