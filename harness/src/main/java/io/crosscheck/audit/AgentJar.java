package io.crosscheck.audit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the crosscheck agent's one jar ({@code crosscheck-agent-<version>.jar}, the jar given to
 * {@code -javaagent:} and {@code VirtualMachine.loadAgent}): the system property {@value #PROPERTY}
 * when set, else the {@code java.class.path} entry of that name (the harness depends on the agent
 * at runtime scope, so the launcher's and the tests' class paths carry it). Stateless.
 */
public final class AgentJar {
  /** The system property that names the agent jar explicitly. */
  public static final String PROPERTY = "crosscheck.agent.jar";

  /** {@code crosscheck-agent-0.1.0-SNAPSHOT.jar}, not {@code -bootstrap-} or {@code -installer-}. */
  private static final Pattern NAME = Pattern.compile("crosscheck-agent-\\d[^" + Pattern.quote(File.separator)
      + "]*\\.jar");

  private static final String BUILD = "build it with: mvn -o -q -B -pl agents/agent -am package -DskipTests"
      + " (the package phase nests the bootstrap and installer jars), or name it with -D" + PROPERTY + "=JAR";

  private AgentJar() {}

  /**
   * The agent jar.
   *
   * @throws IOException saying what was looked at and how to build the jar, when there is none
   */
  public static Path locate() throws IOException {
    return locate(System.getProperty(PROPERTY), System.getProperty("java.class.path", ""));
  }

  public static Path locate(String property, String classPath) throws IOException {
    if (property != null && !property.isBlank()) {
      Path p = Path.of(property.strip());
      if (!Files.isRegularFile(p)) {
        throw new IOException("-D" + PROPERTY + "=" + property + ": no such file; " + BUILD);
      }
      return p.toAbsolutePath();
    }
    List<String> near = new ArrayList<>();
    for (String entry : classPath.split(Pattern.quote(File.pathSeparator))) {
      if (entry.isEmpty()) {
        continue;
      }
      Path p = Path.of(entry);
      String name = p.getFileName() == null ? "" : p.getFileName().toString();
      if (NAME.matcher(name).matches() && Files.isRegularFile(p)) {
        return p.toAbsolutePath();
      }
      if (entry.replace(File.separatorChar, '/').contains("agents/agent/")) {
        near.add(entry); // e.g. agents/agent/target/classes from a build that stopped before package
      }
    }
    throw new IOException("the crosscheck agent jar (crosscheck-agent-<version>.jar) is not on the class path"
        + (near.isEmpty() ? "" : " (found " + String.join(", ", near) + ", not the packaged jar)") + "; " + BUILD);
  }
}
