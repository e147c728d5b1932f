package io.crosscheck.matrix;

import io.crosscheck.child.JavaInstallation;
import io.crosscheck.model.spec.Problem;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM of a matrix: {@code shortLabel} names its cells ({@code jdk17}, {@code jdk17-2} for a second
 * JVM of that release), {@code label} describes it ({@code java.version (vendor)}). Immutable.
 */
public record MatrixJvm(Path home, String shortLabel, String label, int featureVersion) {
  /**
   * The JVMs of {@code homes} (this JVM when empty), each inspected; a home that is no Java home of
   * release 17 or later is a problem naming it.
   */
  public static List<MatrixJvm> inspect(List<Path> homes, List<Problem> problems) {
    List<Path> given = homes.isEmpty() ? List.of(Path.of(System.getProperty("java.home"))) : homes;
    List<MatrixJvm> out = new ArrayList<>();
    for (Path home : given) {
      try {
        JavaInstallation i = JavaInstallation.inspect(home);
        String shortLabel = "jdk" + i.featureVersion();
        int same = (int) out.stream().filter(j -> j.shortLabel().startsWith("jdk" + i.featureVersion())).count();
        out.add(new MatrixJvm(i.javaHome(), same == 0 ? shortLabel : shortLabel + "-" + (same + 1),
            i.javaVersion() + " (" + i.vendor() + ")", i.featureVersion()));
      } catch (IllegalArgumentException e) {
        problems.add(new Problem("--jvm", home.toString(), "a Java home of release 17 or later (" + e.getMessage()
            + ")"));
      }
    }
    return out;
  }
}
