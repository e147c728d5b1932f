package io.crosscheck;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

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
  private static final String RUN = "io.crosscheck.run..";
  private static final String AUDIT = "io.crosscheck.audit..";
  private static final String SERVE = "io.crosscheck.serve..";
  private static final String MATRIX = "io.crosscheck.matrix..";
  private static final String STUDY = "io.crosscheck.study..";
  private static final String CHECK = "io.crosscheck.check..";
  private static final String TEXT = "io.crosscheck.text..";
  private static final String STATS = "io.crosscheck.stats..";

  @ArchTest
  static final ArchRule theWorkloadSpecIsTheSpinesStart =
      importsNone(MODEL,
          SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, CLI, SERVER, TELEMETRY, RUNDIR, RUN, AUDIT, SERVE)
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
      importsNone(ENGINE, CLI, COMPARE, REPORT, SERVER, RUNDIR, WIRE, CAPTURE, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: schedule ─▶ engine ─▶ request records: an engine fires the schedule and"
              + " hands records to a sink; it neither reads the wire nor writes the run directory");

  @ArchTest
  static final ArchRule requestRecordsDoNotKnowTheEngineThatMadeThem =
      importsNone(RECORD, ENGINE, CLI, COMPARE, REPORT, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: the agent writes the same record format as the engines, so records"
              + " are defined without any engine");

  @ArchTest
  static final ArchRule theCaptureIsTheStartOfTheWireSide =
      importsNone(CAPTURE, WIRE, COMPARE, REPORT, ENGINE, CLI, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: capture (pcap, live or file) ─▶ TCP/HTTP reconstruction: packets know"
              + " nothing of what is built from them");

  @ArchTest
  static final ArchRule wireExchangesAreReconstructedFromTheCaptureAlone =
      importsNone(WIRE, COMPARE, REPORT, ENGINE, CLI, RECORD, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: TCP/HTTP reconstruction ─▶ wire exchanges, independent of what the"
              + " engine recorded: the two sides meet only in match");

  @ArchTest
  static final ArchRule matchReadsRecordsAndExchangesNotTheEngines =
      importsNone(COMPARE, ENGINE, CLI, REPORT, SERVER, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: request records and wire exchanges ─▶ match ─▶ findings: the"
              + " comparison reads files, whichever engine or agent wrote them");

  @ArchTest
  static final ArchRule reportNeverImportsAnEngine =
      importsNone(REPORT, ENGINE, CLI, SERVER, RUN, AUDIT, SERVE, COMPARE)
          .because("DESIGN.md §3: findings ─▶ report; \"report never imports an engine\"; it renders"
              + " findings.json (rundir), never the comparison that wrote it");

  @ArchTest
  static final ArchRule telemetryIsASideInputOfMatch =
      importsNone(TELEMETRY, ENGINE, CLI, COMPARE, REPORT, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: telemetry (threads, heap, GC, CPU over time) ─▶ match: sampled beside"
              + " the engine, not by it");

  @ArchTest
  static final ArchRule theEmbeddedServerIsATargetNotPartOfTheSpine =
      importsNone(SERVER, ENGINE, CLI, COMPARE, REPORT, RUN, AUDIT, SERVE)
          .because("DESIGN.md §3: the embedded server is what the engines load; it must not depend on"
              + " them or on what judges them");

  @ArchTest
  static final ArchRule theRunDirectoryFilesAreDataBetweenTheStages =
      importsNone(RUNDIR, ENGINE, CLI, COMPARE, REPORT, SERVER, RUN, AUDIT, SERVE)
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
  static final ArchRule oneRunIsOrchestratedBelowTheCommandLine =
      importsNone(RUN, CLI, AUDIT, CHECK, REPORT, SERVE)
          .because("issue 26: a run (its job, shards, child JVMs, WAN link) is domain code the commands call; it"
              + " takes typed requests, not picocli options, and knows nothing of the audit or the gate judged on it");

  @ArchTest
  static final ArchRule anAuditRunsAndComparesButIsNotACommand =
      importsNone(AUDIT, CLI, CHECK, SERVE)
          .because("issue 26: an audit (capture around a run, the agent in someone else's generator, the"
              + " comparison) uses run, capture and compare; the gate judges its findings afterwards, from cli");

  @ArchTest
  static final ArchRule serveStartsATargetAndNothingElse =
      importsNone(SERVE, CLI, ENGINE, RUN, AUDIT, COMPARE, REPORT, CAPTURE, WIRE, RECORD, CHECK)
          .because("issue 26: crosscheck serve's job starts the embedded server or a compatibility site from"
              + " checked options; it is a target, like the server it starts");

  @ArchTest
  static final ArchRule theGateJudgesFilesNotRuns =
      importsNone(CHECK, CLI, ENGINE, RUN, AUDIT, SERVE, CAPTURE)
          .because("issue 26: crosscheck check (and audit --check) judge findings.json and summary.json; the gate"
              + " never starts a run");

  @ArchTest
  static final ArchRule textIsAtTheBottom =
      importsNone(TEXT, CLI, RUN, AUDIT, CHECK, SERVE, ENGINE, COMPARE, REPORT)
          .because("issue 26: text holds wording and input limits every layer uses");

  @ArchTest
  static final ArchRule statisticsAreArithmeticOnNumbers =
      noClasses().that().resideInAPackage(STATS)
          .should().dependOnClassesThat().resideOutsideOfPackages(STATS, "java..", "org.apache.commons.math3..")
          .because("issue 27: the intervals and goodness-of-fit tests take numbers and return numbers; what the"
              + " numbers are (think times, response times, pages) is the workload audit's business");

  @ArchTest
  static final ArchRule aMatrixIsComposedOfRunsAndUsedOnlyByStudiesAndCommands =
      noClasses().that().resideInAnyPackage(MODEL, SCHEDULE, ENGINE, RECORD, CAPTURE, WIRE, COMPARE, REPORT, TELEMETRY,
              SERVER, RUNDIR, RUN, AUDIT, SERVE, CHECK, TEXT, WAN, FOREIGN, K8S)
          .should().dependOnClassesThat().resideInAnyPackage(MATRIX, STUDY)
          .allowEmptyShould(true)
          .because("DESIGN.md §3: compositions of runs (a matrix, a study) live in packages of their own, above the"
              + " runs they compose; only a study (which is a matrix of cells) and the commands use them");

  @ArchTest
  static final ArchRule aStudyIsNotUsedByTheMatrix =
      importsNone(MATRIX, STUDY, CLI)
          .because("issue 26: a study composes matrix cells; the matrix knows no study");

  @ArchTest
  static final ArchRule nothingImportsTheCommandLine =
      noClasses().that().resideOutsideOfPackage(CLI)
          .should().dependOnClassesThat().resideInAPackage(CLI)
          .because("issue 26: cli is the top of the spine; a command calls a job and renders its result, nothing"
              + " calls a command (a child JVM names io.crosscheck.cli.Main as text)");

  @ArchTest
  static final ArchRule theCommandLineHoldsCommandsAndOptionsOnly =
      com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
          .that().resideInAPackage(CLI).and().areTopLevelClasses()
          .should(beACommandAnOptionHolderOrMain())
          .because("issue 26 and STYLE.md \"Commands are thin\": a command parses options, calls one domain entry"
              + " point and renders its result; orchestration, studies, inference and formatting live on the spine");

  @ArchTest
  static final ArchRule dependenciesPointOneWayOnly =
      slices().matching("io.crosscheck.(*)..").should().beFreeOfCycles()
          .allowEmptyShould(true)
          .because("DESIGN.md §3: \"The spine, one direction only\"");

  private static final List<String> OPTION_ANNOTATIONS = List.of("picocli.CommandLine$Option",
      "picocli.CommandLine$Parameters", "picocli.CommandLine$ArgGroup", "picocli.CommandLine$Mixin");

  /**
   * A top-level class of cli is {@code Main}, a picocli command ({@code @Command}), or an option holder: it
   * declares {@code @Option}, {@code @Parameters}, {@code @ArgGroup} or {@code @Mixin} members, or a class of
   * cli uses it as a {@code @Mixin}.
   */
  private static ArchCondition<JavaClass> beACommandAnOptionHolderOrMain() {
    return new ArchCondition<>("be a picocli @Command, an option holder (@Option, @Parameters, @ArgGroup or @Mixin"
        + " members, or used as a @Mixin) or Main") {
      private Set<String> mixins = Set.of();

      @Override
      public void init(java.util.Collection<JavaClass> all) {
        java.util.Set<String> used = new java.util.HashSet<>();
        for (JavaClass c : all) {
          for (JavaField f : c.getAllFields()) {
            if (f.isAnnotatedWith("picocli.CommandLine$Mixin")) {
              used.add(f.getRawType().getName());
            }
          }
        }
        mixins = used;
      }

      @Override
      public void check(JavaClass c, ConditionEvents events) {
        boolean ok = c.getSimpleName().equals("Main")
            || c.isAnnotatedWith("picocli.CommandLine$Command")
            || mixins.contains(c.getName())
            || holdsOptions(c);
        if (!ok) {
          events.add(SimpleConditionEvent.violated(c, c.getName() + " is neither a @Command, an option holder nor"
              + " Main: move it to the package of the job it does (run, audit, check, ...)"));
        }
      }
    };
  }

  private static boolean holdsOptions(JavaClass c) {
    for (JavaMember m : c.getMembers()) {
      for (String a : OPTION_ANNOTATIONS) {
        if (m.isAnnotatedWith(a)) {
          return true;
        }
      }
    }
    return false;
  }

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
