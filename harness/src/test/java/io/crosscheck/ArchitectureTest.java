package io.crosscheck;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Arrays;

/**
 * The spine of DESIGN.md §3, enforced: dependencies among the harness's packages point one way,
 * from the workload spec through the schedule and the engines to the records, and from the capture
 * through the wire to the comparison and the report.
 *
 * <pre>
 * workload spec ─▶ schedule ─▶ engine ─▶ request records ─┐
 * capture ─▶ TCP/HTTP reconstruction ─▶ wire exchanges ───┼─▶ match ─▶ findings ─▶ report
 * telemetry ──────────────────────────────────────────────┘
 * </pre>
 *
 * <p>One rule per sentence: each names the packages on the upstream side and the ones it must not
 * import. Main classes only (tests may wire any two packages together). A package that does not
 * exist yet (e.g. {@code rundir} before it is created) passes its rule vacuously.
 */
@AnalyzeClasses(packages = "io.crosscheck", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
  private static final String MODEL = "io.crosscheck.model..";
  private static final String SCHEDULE = "io.crosscheck.schedule..";
  private static final String ENGINE = "io.crosscheck.engine..";
  private static final String RECORD = "io.crosscheck.record..";
  private static final String CAPTURE = "io.crosscheck.capture..";
  private static final String WIRE = "io.crosscheck.wire..";
  private static final String COMPARE = "io.crosscheck.compare..";
  private static final String REPORT = "io.crosscheck.report..";
  private static final String TELEMETRY = "io.crosscheck.telemetry..";
  private static final String SERVER = "io.crosscheck.server..";
  private static final String RUNDIR = "io.crosscheck.rundir..";
  private static final String CLI = "io.crosscheck.cli..";
  private static final String K8S = "io.crosscheck.k8s..";
  private static final String FOREIGN = "io.crosscheck.foreign..";
  private static final String WAN = "io.crosscheck.wan..";

  @ArchTest
  static final ArchRule theWorkloadSpecIsTheSpinesStart =
      importsNone(MODEL,
          SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, CLI, SERVER, TELEMETRY, RUNDIR)
          .because("DESIGN.md §3: the spine starts at the workload spec (model); nothing flows back into it");

  @ArchTest
  static final ArchRule theScheduleIsBuiltFromTheWorkloadSpecOnly =
      noClasses().that().resideInAPackage(SCHEDULE)
          .should().dependOnClassesThat(crosscheckOutside(SCHEDULE, MODEL))
          .allowEmptyShould(true)
          .because("DESIGN.md §3: workload spec ─▶ schedule (seeded, replayable): a schedule is a pure"
              + " function of the model and its seed");

  @ArchTest
  static final ArchRule enginesRunTheScheduleAndKnowNothingDownstream =
      importsNone(ENGINE, CLI, COMPARE, REPORT, SERVER, RUNDIR, WIRE, CAPTURE)
          .because("DESIGN.md §3: schedule ─▶ engine ─▶ request records: an engine fires the schedule and"
              + " hands records to a sink; it neither reads the wire nor writes the run directory");

  @ArchTest
  static final ArchRule requestRecordsDoNotKnowTheEngineThatMadeThem =
      importsNone(RECORD, ENGINE, CLI, COMPARE, REPORT)
          .because("DESIGN.md §3: the agent writes the same record format as the engines, so records"
              + " are defined without any engine");

  @ArchTest
  static final ArchRule theCaptureIsTheStartOfTheWireSide =
      importsNone(CAPTURE, WIRE, COMPARE, REPORT, ENGINE, CLI)
          .because("DESIGN.md §3: capture (pcap, live or file) ─▶ TCP/HTTP reconstruction: packets know"
              + " nothing of what is built from them");

  @ArchTest
  static final ArchRule wireExchangesAreReconstructedFromTheCaptureAlone =
      importsNone(WIRE, COMPARE, REPORT, ENGINE, CLI, RECORD)
          .because("DESIGN.md §3: TCP/HTTP reconstruction ─▶ wire exchanges, independent of what the"
              + " engine recorded: the two sides meet only in match");

  @ArchTest
  static final ArchRule matchReadsRecordsAndExchangesNotTheEngines =
      importsNone(COMPARE, ENGINE, CLI, REPORT, SERVER)
          .because("DESIGN.md §3: request records and wire exchanges ─▶ match ─▶ findings: the"
              + " comparison reads files, whichever engine or agent wrote them");

  @ArchTest
  static final ArchRule reportNeverImportsAnEngine =
      importsNone(REPORT, ENGINE, CLI, SERVER)
          .because("DESIGN.md §3: findings ─▶ report; \"report never imports an engine\"");

  @ArchTest
  static final ArchRule telemetryIsASideInputOfMatch =
      importsNone(TELEMETRY, ENGINE, CLI, COMPARE, REPORT)
          .because("DESIGN.md §3: telemetry (threads, heap, GC, CPU over time) ─▶ match: sampled beside"
              + " the engine, not by it");

  @ArchTest
  static final ArchRule theEmbeddedServerIsATargetNotPartOfTheSpine =
      importsNone(SERVER, ENGINE, CLI, COMPARE, REPORT)
          .because("DESIGN.md §3: the embedded server is what the engines load; it must not depend on"
              + " them or on what judges them");

  @ArchTest
  static final ArchRule theRunDirectoryFilesAreDataBetweenTheStages =
      importsNone(RUNDIR, ENGINE, CLI, COMPARE, REPORT, SERVER)
          .because("DESIGN.md §4: a run directory is files every stage and the agent read and write;"
              + " their typed form knows no engine and no stage that reads them");

  @ArchTest
  static final ArchRule kubernetesManifestsAreTextAboutARunNotPartOfIt =
      importsNone(K8S, SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, TELEMETRY, SERVER, RUNDIR, CLI)
          .because("issue 15: the k8s manifests only name the run command's options, which the cli checks;"
              + " writing them needs nothing of the spine");

  @ArchTest
  static final ArchRule foreignServersAreTargetsLikeTheEmbeddedOne =
      importsNone(FOREIGN,
          SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, TELEMETRY, SERVER, RUNDIR, CLI, K8S)
          .because("issue 16: lighttpd and Apache prefork are what the engines load, as the embedded server"
              + " is; starting them and snapshotting the RUBiS pages needs only the spi to the RUBiS module");

  @ArchTest
  static final ArchRule theWanNetworkIsPlumbingBesideTheSpine =
      importsNone(WAN, MODEL, SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, TELEMETRY, SERVER,
          RUNDIR, CLI, K8S)
          .because("issue 16: the WAN namespaces and emulated link only carry a run's packets; the cli"
              + " places the generator, capture and server in them, so the link knows nothing of any");

  @ArchTest
  static final ArchRule dependenciesPointOneWayOnly =
      slices().matching("io.crosscheck.(*)..").should().beFreeOfCycles()
          .allowEmptyShould(true)
          .because("DESIGN.md §3: \"The spine, one direction only\"");

  /** No class in {@code from} depends on a class in any of {@code forbidden}. */
  private static ArchRule importsNone(String from, String... forbidden) {
    return noClasses().that().resideInAPackage(from)
        .should().dependOnClassesThat().resideInAnyPackage(forbidden)
        .allowEmptyShould(true);
  }

  /** Classes of io.crosscheck outside the given packages. */
  private static DescribedPredicate<JavaClass> crosscheckOutside(String... allowed) {
    return new DescribedPredicate<>("io.crosscheck classes outside " + Arrays.toString(allowed)) {
      @Override
      public boolean test(JavaClass c) {
        return JavaClass.Predicates.resideInAPackage("io.crosscheck..").test(c)
            && !JavaClass.Predicates.resideInAnyPackage(allowed).test(c);
      }
    };
  }
}
