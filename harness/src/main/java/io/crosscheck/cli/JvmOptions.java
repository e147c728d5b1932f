package io.crosscheck.cli;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Which JVM runs the generator: this one, or a child JVM of another JDK or with other flags. */
final class JvmOptions {
  @Option(
      names = "--jvm",
      paramLabel = "JAVA_HOME",
      description = "Run the generator in a child JVM of this Java home (release 17 or later, e.g."
          + " /usr/lib/jvm/temurin-25-jdk-amd64); capture and comparison stay in this process."
          + " Default: this JVM.")
  Path javaHome;

  @Option(
      names = "--jvm-opt",
      paramLabel = "OPTION",
      description = "A JVM option for the child JVM, repeatable; write it with '=' when it starts with"
          + " '-': --jvm-opt=-Xint --jvm-opt=-Xmx64m --jvm-opt=-XX:+UseSerialGC. Implies a child JVM.")
  List<String> jvmOpts = new ArrayList<>();

  boolean requested() {
    return javaHome != null || !jvmOpts.isEmpty();
  }

  Path home() {
    return javaHome != null ? javaHome : Path.of(System.getProperty("java.home"));
  }

  /** The child JVM as the run package takes it. */
  io.crosscheck.run.JvmChoice choice() {
    return new io.crosscheck.run.JvmChoice(home(), jvmOpts);
  }

  void check(List<Problem> problems) {
    if (!requested()) {
      return;
    }
    try {
      ChildJvm.builder(home()).jvmOpts(jvmOpts).main(Main.class.getName(), List.of()).build();
    } catch (IllegalArgumentException e) {
      problems.add(new Problem("--jvm", String.valueOf(home()), "a Java home of release 17 or later ("
          + e.getMessage() + ")"));
    }
  }
}
