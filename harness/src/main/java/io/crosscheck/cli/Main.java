package io.crosscheck.cli;

import io.crosscheck.run.ShutdownInterrupt;
import io.crosscheck.text.ErrorLines;
import java.io.PrintWriter;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine;

/**
 * The {@code crosscheck} command line: the top of the spine, which only parses options and hands
 * them to the library. Exit codes: 0 success, 1 the run failed, 2 bad usage or a bad spec (nothing
 * was started), 3 the findings support no verdict (audit, compare: below the matching floor, no exchange
 * completed, failures dominate, the run incomplete), 4 a rule of the CI gate failed (check, audit
 * --check), 5 stopped by --stall-timeout (the run directory finished as stalled), 130 interrupted
 * (the README's exit-code table). Every error is one line on stderr ({@link CliErrors}); a stack trace only with {@code --debug}.
 */
@Command(
    name = "crosscheck",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = {
      "Audits Java web workload generators against the wire.",
      "Runs a generator (engine) with a seeded workload, records every request, and sets each"
          + " record against what a packet capture shows (audit, compare)."
    },
    subcommands = {
      RunCommand.class,
      StudyCommand.class,
      AuditCommand.class,
      CompareCommand.class,
      ServeCommand.class,
      DemoCommand.class,
      MatrixCommand.class,
      ReportCommand.class,
      ReplayCommand.class,
      ExportCommand.class,
      CheckCommand.class,
      MergeCommand.class,
      K8sCommand.class,
      MonitorCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  /** The commands that finish a run directory and print a summary after Ctrl-C. */
  private static final Set<String> PRINT_AFTER_INTERRUPT = Set.of("run", "audit", "demo", "replay");
  /** How long Ctrl-C waits for such a command to finish its run directory and print its summary. */
  private static final long INTERRUPT_GRACE_SECONDS = 20;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--debug", scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error (by default an error is one line).")
  boolean debug;

  public static void main(String[] args) {
    CommandLine cl = commandLine();
    int code;
    // Ctrl-C: the run's own hook interrupts it and waits for its run directory; this one holds the
    // JVM on (bounded) until the command has printed its summary too, so the summary always appears
    try (ShutdownInterrupt summary = PRINT_AFTER_INTERRUPT.contains(commandName(args))
        ? ShutdownInterrupt.hold("crosscheck-print-summary", INTERRUPT_GRACE_SECONDS) : null) {
      code = cl.execute(args);
      System.out.flush();
      cl.getErr().flush();
    }
    System.exit(code);
  }

  /** The configured command line, shared by {@link #main} and tests. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setUsageHelpAutoWidth(true);
    cl.setExecutionExceptionHandler(Main::execution);
    cl.setParameterExceptionHandler(Main::parameter);
    cl.getSubcommands().get("check").getCommandSpec().usageMessage().footer(CheckCommand.metricTable());
    return cl;
  }

  /** The subcommand named in {@code args} (the first word that is not an option), or "". */
  /** The command line's errors: a bad option or argument: the one-line message and where to read more, not the whole usage. */
  static int parameter(CommandLine.ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName();
    err.println(name + ": " + ex.getMessage());
    CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
    err.println("See '" + name + " --help'");
    err.flush();
    return cmd.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** An exception a command let escape: one line, exit 1 (2 when nothing was started). */
  static int execution(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
    PrintWriter err = cmd.getErr();
    err.println(cmd.getCommandSpec().qualifiedName() + ": " + ErrorLines.describe(ex));
    if (debug(parsed)) {
      ex.printStackTrace(err);
    }
    err.flush();
    return ErrorLines.nothingStarted(ex) ? 2 : 1;
  }

  /** Whether {@code --debug} was given to the command or any parent. */
  static boolean debug(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      if (p.hasMatchedOption("--debug")) {
        return true;
      }
    }
    return false;
  }

  private static String commandName(String[] args) {
    for (String a : args) {
      if (!a.startsWith("-")) {
        return a;
      }
    }
    return "";
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  /** Reports the project version from the jar manifest, or "dev" from a classes directory. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {
        "crosscheck " + (v == null ? "dev" : v),
        "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
      };
    }
  }
}
