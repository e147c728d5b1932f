package io.crosscheck.run;

import java.nio.file.Path;
import java.util.List;

/**
 * The JVM a child generator runs in ({@code --jvm}, {@code --jvm-opt}), as checked values.
 *
 * @param home the Java home of the child JVM
 * @param options the child JVM's options, in order
 */
public record JvmChoice(Path home, List<String> options) {
  public JvmChoice {
    options = List.copyOf(options);
  }
}
