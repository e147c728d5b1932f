package io.crosscheck.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code crosscheck} command line: the top of the spine, which only parses options and hands
 * them to the library. Exit codes: 0 success, 1 the run failed, 2 bad usage or a bad spec (nothing
 * was started).
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
      AuditCommand.class,
      CompareCommand.class,
      ServeCommand.class,
      DemoCommand.class,
      CommandLine.HelpCommand.class
    })
public final class Main implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, shared by {@link #main} and tests. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    cl.setUsageHelpAutoWidth(true);
    return cl;
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
