package dev.muster.cli;

import dev.muster.api.manifest.ManifestDocument;
import dev.muster.api.manifest.ManifestError;
import dev.muster.api.manifest.ManifestException;
import dev.muster.api.scenario.Scenario;
import dev.muster.api.scenario.ScenarioLoader;
import dev.muster.api.scenario.ScenarioOverlay;
import dev.muster.core.quantity.Quantity;
import dev.muster.sim.compare.QuotaSweep;
import dev.muster.sim.compare.SweepSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The scenarios {@code muster compare} runs, each loaded and checked before any is run: a problem
 * in B (or in the tenth value of a sweep) stops the command before A has run for nothing.
 */
final class WhatIfScenarios {

    /** A scenario with what it is called in the output. */
    record Named(String name, Scenario scenario) {
    }

    /** A sweep's scenarios, one per value, in order. */
    record Swept(QuotaSweep sweep, List<String> values, List<Double> units, List<Scenario> scenarios) {
    }

    private final List<Path> configs;
    private final long seed;

    WhatIfScenarios(List<Path> configs, long seed) {
        this.configs = configs;
        this.seed = seed;
    }

    /** A and B, two scenarios as given. */
    List<Named> pair(Path a, Path b) throws ManifestException {
        List<ManifestDocument> aDocs = ScenarioLoader.readFiles(List.of(a));
        List<ManifestDocument> bDocs = ScenarioLoader.readFiles(List.of(b));
        return both(new NamedDocs(a.toString(), aDocs), new NamedDocs(b.toString(), bDocs));
    }

    /** A, and A with the overlay's objects in place of its own. */
    List<Named> overlaid(Path a, Path overlay) throws ManifestException {
        List<ManifestDocument> aDocs = ScenarioLoader.readFiles(List.of(a));
        ScenarioOverlay.Result b = ScenarioOverlay.apply(aDocs, ScenarioLoader.readFiles(List.of(overlay)));
        return both(new NamedDocs(a.toString(), aDocs), new NamedDocs(a + " with " + overlay + describe(b), b.documents()));
    }

    /** @throws IllegalArgumentException the spec names no quota of the scenario, or names it ambiguously */
    Swept swept(Path a, SweepSpec spec) throws ManifestException {
        List<ManifestDocument> docs = ScenarioLoader.readFiles(List.of(a));
        QuotaSweep sweep = QuotaSweep.resolve(spec, docs);
        load(docs); // the scenario's own problems, said as for A, before any value's
        List<String> values = new ArrayList<>();
        List<Double> units = new ArrayList<>();
        List<Scenario> scenarios = new ArrayList<>();
        for (Quantity v : spec.values()) {
            values.add(sweep.text(v));
            units.add(v.milli() / 1000.0);
            try {
                scenarios.add(load(sweep.with(docs, v)));
            } catch (ManifestException e) {
                // Say which value the problem is of: the field's value is not what the file says.
                List<ManifestError> located = e.errors().stream().map(err -> new ManifestError(err.file(), err.document(),
                        err.kind(), err.name(), err.fieldPath(),
                        err.message() + " (with --sweep's " + sweep.fieldPath() + ".nominalQuota = " + sweep.text(v) + ")"))
                        .toList();
                throw new ManifestException(located);
            }
        }
        return new Swept(sweep, values, units, scenarios);
    }

    private record NamedDocs(String name, List<ManifestDocument> documents) {
    }

    /** Both loaded, and every problem of either reported together. */
    private List<Named> both(NamedDocs a, NamedDocs b) throws ManifestException {
        List<ManifestError> errors = new ArrayList<>();
        Scenario sa = null;
        Scenario sb = null;
        try {
            sa = load(a.documents());
        } catch (ManifestException e) {
            errors.addAll(e.errors());
        }
        try {
            sb = load(b.documents());
        } catch (ManifestException e) {
            // B shares A's files: a problem of both is said once.
            e.errors().stream().filter(err -> !errors.contains(err)).forEach(errors::add);
        }
        if (!errors.isEmpty()) {
            throw new ManifestException(errors);
        }
        return List.of(new Named(a.name(), sa), new Named(b.name(), sb));
    }

    private Scenario load(List<ManifestDocument> documents) throws ManifestException {
        Scenario scenario = ScenarioLoader.loadDocuments(documents, seed);
        for (Path config : configs) {
            scenario = ScenarioLoader.applyConfiguration(scenario, config);
        }
        return scenario;
    }

    private static String describe(ScenarioOverlay.Result r) {
        List<String> parts = new ArrayList<>();
        if (!r.replaced().isEmpty()) {
            parts.add("replaced " + String.join(", ", r.replaced()));
        }
        if (!r.added().isEmpty()) {
            parts.add("added " + String.join(", ", r.added()));
        }
        return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")";
    }
}
