package io.crosscheck.rubis;

import io.crosscheck.text.ProblemCap;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the regions and categories files the way the client does at start-up.
 *
 * <ul>
 *   <li>Regions: every line is a region name, empty lines included; a region's id is its 0-based
 *       line index.
 *   <li>Categories: every line is {@code Name (itemCount)}: the count sits between the last {@code
 *       (} and the last {@code )}, the name is everything before the blank that precedes that
 *       {@code (}; a category's id is its 0-based line index. The item counts add up to the number
 *       of active items.
 * </ul>
 */
final class RubisDatabaseFiles {
  private RubisDatabaseFiles() {}

  static List<String> regions(RubisDataFile file, List<RubisProblem> problems) {
    List<String> regions = lines(file, problems);
    if (regions == null) {
      return List.of();
    }
    if (regions.isEmpty()) {
      problems.add(new RubisProblem(file.name(), null, "is empty (expected one region per line)"));
    }
    return regions;
  }

  static List<RubisProperties.Category> categories(RubisDataFile file, List<RubisProblem> problems) {
    List<RubisProperties.Category> categories = new ArrayList<>();
    List<String> lines = lines(file, problems);
    if (lines == null) {
      return categories;
    }
    ProblemCap<RubisProblem> bad = new ProblemCap<>(problems,
        text -> new RubisProblem(file.name(), null, text));
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      int open = line.lastIndexOf('(');
      int close = line.lastIndexOf(')');
      String where = file.name() + ":" + (i + 1);
      if (open < 1 || close < open) {
        bad.add(new RubisProblem(where, line,
            "is not a category (expected \"Name (itemCount)\")"));
        continue;
      }
      String count = line.substring(open + 1, close);
      try {
        int n = Integer.parseInt(count);
        if (n < 0) {
          throw new NumberFormatException();
        }
        categories.add(new RubisProperties.Category(line.substring(0, open - 1), n));
      } catch (NumberFormatException e) {
        bad.add(new RubisProblem(where, line,
            "has no item count (expected \"Name (itemCount)\" with a whole number >= 0)"));
      }
    }
    bad.finish();
    if (lines.isEmpty()) {
      problems.add(new RubisProblem(file.name(), null,
          "is empty (expected one \"Name (itemCount)\" per line)"));
    }
    return categories;
  }

  private static List<String> lines(RubisDataFile file, List<RubisProblem> problems) {
    try {
      return file.lines();
    } catch (RubisInputException e) {
      problems.addAll(e.problems());
      return null;
    }
  }
}
