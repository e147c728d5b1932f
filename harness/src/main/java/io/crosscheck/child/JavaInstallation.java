package io.crosscheck.child;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Java installation that can run a crosscheck child: its {@code bin/java}, read once with
 * {@code java -XshowSettings:properties -version}.
 *
 * @param javaHome the home directory as given (normalised to an absolute path)
 * @param javaExecutable {@code javaHome/bin/java}
 * @param javaVersion {@code java.version}, e.g. {@code 25.0.1}
 * @param featureVersion the feature release from {@code java.specification.version} (8 for
 *     "1.8", 25 for "25")
 * @param vmName {@code java.vm.name}
 * @param vendor {@code java.vendor}
 */
public record JavaInstallation(
    Path javaHome, Path javaExecutable, String javaVersion, int featureVersion, String vmName, String vendor) {

  /** The oldest release that runs crosscheck's classes (they are Java 17 bytecode). */
  public static final int MINIMUM_FEATURE_VERSION = 17;

  private static final long PROBE_TIMEOUT_SECONDS = 30;

  /**
   * Checks {@code javaHome} and reads its version.
   *
   * @throws IllegalArgumentException naming the home, what is wrong and what was expected: no
   *     {@code bin/java}, not executable, does not run, or older than 17
   */
  public static JavaInstallation inspect(Path javaHome) {
    Path home = javaHome.toAbsolutePath().normalize();
    Path java = home.resolve("bin").resolve("java");
    String expected = " (expected a Java home with bin/java, release " + MINIMUM_FEATURE_VERSION + " or later)";
    if (!Files.isDirectory(home)) {
      throw new IllegalArgumentException("java home " + home + ": not a directory" + expected);
    }
    if (!Files.isRegularFile(java)) {
      throw new IllegalArgumentException("java home " + home + ": " + java + " does not exist" + expected);
    }
    if (!Files.isExecutable(java)) {
      throw new IllegalArgumentException("java home " + home + ": " + java + " is not executable" + expected);
    }
    String output;
    int exit;
    try {
      Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
          .redirectErrorStream(true)
          .start();
      p.getOutputStream().close();
      output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(PROBE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalArgumentException("java home " + home + ": " + java + " -version did not finish in "
            + PROBE_TIMEOUT_SECONDS + " s");
      }
      exit = p.exitValue();
    } catch (IOException e) {
      throw new IllegalArgumentException("java home " + home + ": " + java + " cannot be run: " + e.getMessage()
          + expected, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException("java home " + home + ": interrupted while reading its version", e);
    }
    Map<String, String> props = properties(output);
    String spec = props.get("java.specification.version");
    if (exit != 0 || spec == null) {
      throw new IllegalArgumentException("java home " + home + ": " + java
          + " -XshowSettings:properties -version exited with " + exit + " and no java.specification.version"
          + expected + "; it printed: " + firstLines(output));
    }
    int feature = featureVersion(spec);
    JavaInstallation inst = new JavaInstallation(home, java, props.getOrDefault("java.version", spec), feature,
        props.getOrDefault("java.vm.name", "unknown"), props.getOrDefault("java.vendor", "unknown"));
    if (feature < MINIMUM_FEATURE_VERSION) {
      throw new IllegalArgumentException("java home " + home + ": Java " + inst.javaVersion() + " (" + inst.vmName()
          + ") is too old: crosscheck needs release " + MINIMUM_FEATURE_VERSION + " or later");
    }
    return inst;
  }

  /** "1.8" → 8, "17" → 17; -1 if unreadable. */
  static int featureVersion(String specificationVersion) {
    String s = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
    int dot = s.indexOf('.');
    try {
      return Integer.parseInt(dot < 0 ? s : s.substring(0, dot));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The {@code key = value} lines of {@code -XshowSettings:properties} (single-line values). */
  static Map<String, String> properties(String output) {
    Map<String, String> props = new HashMap<>();
    for (String line : output.split("\\R")) {
      int eq = line.indexOf(" = ");
      if (eq > 0 && line.startsWith("    ") && !line.startsWith("        ")) {
        props.put(line.substring(0, eq).trim(), line.substring(eq + 3).trim());
      }
    }
    return props;
  }

  private static String firstLines(String output) {
    String[] lines = output.split("\\R", 4);
    return String.join(" | ", java.util.Arrays.copyOf(lines, Math.min(3, lines.length)));
  }
}
