package io.crosscheck.matrix;

import java.util.List;

/**
 * What a {@code crosscheck matrix} runs, as its command line checked it: every JVM × option set,
 * either at every one of {@code levels} (a grid) or, with {@code search}, at the levels a
 * scalability search per JVM and option set chooses ({@link MatrixSearch}). Immutable.
 */
public record MatrixRequest(List<MatrixJvm> jvms, List<OptionSet> sets, List<Integer> levels, Search search) {
  public MatrixRequest {
    jvms = List.copyOf(jvms);
    sets = List.copyOf(sets);
    levels = List.copyOf(levels);
  }

  /**
   * The search's limits: the bound on the absolute error (microseconds), the first and the highest
   * user level, and the most steps per JVM and option set.
   */
  public record Search(double boundMicros, int startUsers, int maxUsers, int maxSteps) {}

  /**
   * The commands of an audited generator's cell: {@code command} with the placeholders {@code
   * {users}}, {@code {host}}, {@code {port}}, {@code {server}} (HOST:PORT) and {@code {target}}
   * (http://HOST:PORT) replaced by the cell's values.
   */
  public static List<String> substitute(List<String> command, int users, String host, int port) {
    return command.stream().map(a -> a.replace("{users}", String.valueOf(users)).replace("{host}", host)
        .replace("{port}", String.valueOf(port)).replace("{server}", host + ":" + port)
        .replace("{target}", "http://" + host + ":" + port)).toList();
  }

  /**
   * An audited generator's command line in a cell: {@link #substitute}d, its java launcher replaced by
   * {@code jvm}'s {@code bin/java} with {@code set}'s JVM options after it.
   */
  public static List<String> cellCommand(List<String> command, MatrixJvm jvm, OptionSet set, int users, String host,
      int port) {
    List<String> out = new java.util.ArrayList<>(substitute(command, users, host, port));
    out.set(0, jvm.home().resolve("bin").resolve("java").toString());
    out.addAll(1, set.jvmOpts());
    return out;
  }
}
