package io.crosscheck.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a child command with SIGINT at its default disposition, as a user's terminal would. A
 * process started in the background of a non-interactive shell (a CI runner, {@code cmd &}) inherits
 * SIGINT ignored, and the JVM then installs no handler for it: Ctrl-C tests would see a child that
 * never hears SIGINT. Perl (Debian's essential perl-base) resets it and execs the command, so the
 * child keeps the same pid.
 */
final class DefaultSignals {
  private static final Path PERL = Path.of("/usr/bin/perl");

  private DefaultSignals() {}

  /** {@code command}, run with SIGINT reset to its default (unchanged when perl is missing). */
  static List<String> command(List<String> command) {
    if (!Files.isExecutable(PERL)) {
      return command;
    }
    List<String> out = new ArrayList<>(List.of(PERL.toString(), "-e", "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\""));
    out.addAll(command);
    return out;
  }
}
