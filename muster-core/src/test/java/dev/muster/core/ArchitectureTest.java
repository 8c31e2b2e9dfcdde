package dev.muster.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.RandomAccessFile;
import java.time.Clock;
import java.time.InstantSource;
import java.util.Timer;
import java.util.concurrent.Executor;

/**
 * Keeps muster-core a pure engine (ARCHITECTURE.md): no Kubernetes or serialization libraries,
 * no I/O, no threads, no wall clock. Only production classes are checked.
 */
@AnalyzeClasses(packages = "dev.muster.core", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

  private static final String CORE = "dev.muster.core..";

  /** {@code Instant.now()}, {@code LocalDateTime.now(...)}, ... : any java.time {@code now}. */
  private static final DescribedPredicate<JavaMethodCall> JAVA_TIME_NOW =
      new DescribedPredicate<>("java.time.*.now(..)") {
        @Override
        public boolean test(JavaMethodCall call) {
          return call.getTarget().getName().equals("now")
              && call.getTarget().getOwner().getPackageName().equals("java.time");
        }
      };

  @ArchTest
  static final ArchRule core_does_not_depend_on_kubernetes_or_serialization_libraries =
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "io.fabric8..", "io.javaoperatorsdk..", "com.fasterxml.jackson..", "org.yaml..")
          .because(
              "muster-core is the engine shared by the simulator, the operator and embedders:"
                  + " Kubernetes types and manifest parsing belong in muster-api, which translates"
                  + " them into the core model");

  @ArchTest
  static final ArchRule core_does_no_io =
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(
              File.class,
              FileInputStream.class,
              FileOutputStream.class,
              FileReader.class,
              FileWriter.class,
              RandomAccessFile.class)
          .orShould()
          .dependOnClassesThat()
          .resideInAnyPackage("java.nio.file..", "java.net..")
          .because(
              "muster-core consumes cluster state and events as values and returns decisions as"
                  + " data; reading files or talking to the network is the adapters' job"
                  + " (muster-api, muster-sim, muster-operator)");

  @ArchTest
  static final ArchRule core_starts_no_threads =
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .should()
          .dependOnClassesThat()
          .belongToAnyOf(Thread.class, Timer.class)
          .orShould()
          .dependOnClassesThat()
          .areAssignableTo(Executor.class)
          .orShould()
          .dependOnClassesThat()
          .haveNameMatching("java\\.util\\.concurrent\\.Executor.*")
          .because(
              "the engine is single-threaded and deterministic: the same input gives the same"
                  + " decisions in the same order; the simulator and the operator decide when"
                  + " it runs");

  @ArchTest
  static final ArchRule core_does_not_read_the_wall_clock =
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .should()
          .callMethod(System.class, "currentTimeMillis")
          .orShould()
          .callMethod(System.class, "nanoTime")
          .orShould()
          .callMethodWhere(JAVA_TIME_NOW)
          .orShould()
          .dependOnClassesThat()
          .belongToAnyOf(Clock.class, InstantSource.class)
          .because(
              "time is an argument of the engine: the simulator runs in virtual time and the"
                  + " operator passes the current time in, so decisions can be replayed exactly");

  @ArchTest
  static final ArchRule core_prints_nothing_and_draws_no_unseeded_random_numbers =
      noClasses()
          .that()
          .resideInAPackage(CORE)
          .should()
          .accessField(System.class, "out")
          .orShould()
          .accessField(System.class, "err")
          .orShould()
          .callMethod(Math.class, "random")
          .orShould()
          .callConstructor(java.util.Random.class)
          .orShould()
          .dependOnClassesThat()
          .belongToAnyOf(java.util.concurrent.ThreadLocalRandom.class)
          .because(
              "the engine reports through its decisions, and the same input must give the same"
                  + " decisions: randomness, where a policy needs it, takes an explicit seed");

  @ArchTest
  static final ArchRule core_packages_have_no_cycles =
      slices()
          .matching("dev.muster.core.(*)..")
          .should()
          .beFreeOfCycles()
          .because(
              "the packages read as layers (quantity, model, quota, queue, placement, fairshare,"
                  + " preemption, admission, kai, engine): each builds only on those before it, so"
                  + " a newcomer can read and test them bottom up");
}
