package io.crosscheck.rubis.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RUBiS's regions and categories, read from the copies of {@code ebay_regions.txt} and {@code
 * ebay_simple_categories.txt} shipped as resources beside this class (see PROVENANCE.md there).
 * Database ids are 1-based in file order: region 1 is the first line. Immutable, thread-safe.
 */
final class ReferenceData {
  /** One category: its 1-based id, name and the item count the file gives it. */
  record Category(int id, String name, int fileItemCount) {}

  private static final Pattern CATEGORY_LINE = Pattern.compile("^(.*\\S)\\s*\\((\\d+)\\)\\s*$");

  private final List<String> regions;
  private final List<Category> categories;

  private ReferenceData(List<String> regions, List<Category> categories) {
    this.regions = List.copyOf(regions);
    this.categories = List.copyOf(categories);
  }

  /** Loads both files from the class path; a malformed line throws naming file and line. */
  static ReferenceData load() {
    List<String> regions = new ArrayList<>();
    for (String line : lines("ebay_regions.txt")) {
      if (!line.isBlank()) {
        regions.add(line.strip());
      }
    }
    List<Category> categories = new ArrayList<>();
    List<String> categoryLines = lines("ebay_simple_categories.txt");
    for (int n = 0; n < categoryLines.size(); n++) {
      String line = categoryLines.get(n);
      if (line.isBlank()) {
        continue;
      }
      Matcher m = CATEGORY_LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalStateException(
            "ebay_simple_categories.txt:" + (n + 1) + ": \"" + line + "\": expected Name (itemCount)");
      }
      categories.add(new Category(categories.size() + 1, m.group(1), Integer.parseInt(m.group(2))));
    }
    return new ReferenceData(regions, categories);
  }

  List<String> regions() {
    return regions;
  }

  List<Category> categories() {
    return categories;
  }

  /** The name of region {@code id} (1-based), or null when there is none. */
  String regionName(int id) {
    return id >= 1 && id <= regions.size() ? regions.get(id - 1) : null;
  }

  /** The 1-based id of the region named {@code name}, or 0 when there is none. */
  int regionId(String name) {
    int i = regions.indexOf(name == null ? "" : name.strip());
    return i + 1;
  }

  /** Category {@code id} (1-based), or null when there is none. */
  Category category(int id) {
    return id >= 1 && id <= categories.size() ? categories.get(id - 1) : null;
  }

  private static List<String> lines(String resource) {
    try (InputStream in = ReferenceData.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + ": missing from the class path beside " + ReferenceData.class.getName());
      }
      String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      return List.of(text.split("\r?\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(resource + ": " + e.getMessage(), e);
    }
  }
}
