package io.crosscheck.rubis;

import io.crosscheck.rubis.PropertiesFileLines.Entry;
import io.crosscheck.rubis.RubisPropertyKeys.Key;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A RUBiS 1.4.x client {@code rubis.properties} file, checked as the client would use it, plus the
 * regions and categories files it names (read at start-up, as the client does). Immutable.
 *
 * <p>Every key of {@link RubisPropertyKeys} must be present (the client stops at the first missing
 * one; crosscheck lists them all). Two known defects of shipped files are explained: lines starting
 * with {@code +} (the shipped {@code rubis.properties} has two, left over from a bad patch, so {@code
 * cjdbc_hostname} is missing) and the older key names of pre-1.4 files (the shipped PHP example).
 * Data file paths resolve as {@link RubisDataFile} describes.
 */
public final class RubisProperties {
  /** One category of the categories file: {@code Name (itemCount)}. */
  public record Category(String name, int itemCount) {}

  private final Path file;
  private final Map<String, Entry> entries;
  private final Map<String, RubisDataFile> files;
  private final List<String> regions;
  private final List<Category> categories;

  private RubisProperties(Path file, Map<String, Entry> entries, Map<String, RubisDataFile> files,
      List<String> regions, List<Category> categories) {
    this.file = file;
    this.entries = entries;
    this.files = files;
    this.regions = List.copyOf(regions);
    this.categories = List.copyOf(categories);
  }

  /**
   * Reads and checks a properties file and the regions and categories files it names.
   *
   * @throws RubisInputException listing every problem, each with file and line
   */
  public static RubisProperties read(Path file) throws RubisInputException {
    String name = String.valueOf(file.getFileName());
    List<String> lines = RubisFiles.readLines(file, "a rubis.properties file");
    List<RubisProblem> problems = new ArrayList<>();
    Map<String, Entry> entries = new HashMap<>();
    Map<String, Entry> plusLines = new HashMap<>();
    Map<String, Entry> oldKeys = new HashMap<>();
    for (Entry e : PropertiesFileLines.parse(lines)) {
      entries.put(e.key(), e); // the last one wins, as in java.util.Properties
      if (e.malformed() != null) {
        problems.add(new RubisProblem(name + ":" + e.line(), e.malformed(), "is a malformed \\uxxxx"
            + " escape: the client's java.util.Properties refuses the file (\"Malformed \\uxxxx"
            + " encoding.\"); expected \\u and four hex digits, e.g. \\u00e9, or \\\\u for a"
            + " backslash and u"));
      }
      if (e.key().startsWith("+")) {
        String meant = e.key().substring(1);
        plusLines.put(meant, e);
        String effect = meant.startsWith("#")
            ? "it is not a comment but defines the key \"" + e.key() + "\""
            : "it defines the key \"" + e.key() + "\", not " + meant
                + (RubisPropertyKeys.KEYS.containsKey(meant) && !entries.containsKey(meant)
                    ? ", so " + meant + " is missing and the 1.4.x client refuses the file" : "");
        problems.add(new RubisProblem(name + ":" + e.line(), e.text(), "starts with '+', a line"
            + " left over from a bad patch: " + effect + " (fix: delete the '+')"));
      }
      String newer = RubisPropertyKeys.OLD_NAMES.get(e.key());
      if (newer != null) {
        oldKeys.put(newer, e);
        problems.add(new RubisProblem(name + ":" + e.line() + ": " + e.key(), e.value(),
            "is set under an older key name: the 1.4.x client reads " + newer + " and rejects this"
                + " file (fix: rename " + e.key() + " to " + newer + ")"));
      }
    }
    for (Key key : RubisPropertyKeys.KEYS.values()) {
      Entry e = entries.get(key.name());
      if (e == null) {
        problems.add(new RubisProblem(name, null, key.name() + " is missing (expected "
            + key.expected() + hint(key.name(), plusLines, oldKeys) + ")"));
      } else {
        String bad = PropertyValues.check(key, e.value());
        if (bad != null) {
          problems.add(new RubisProblem(name + ":" + e.line() + ": " + key.name(), e.value(), bad));
        }
      }
    }
    Path base = file.toAbsolutePath().getParent();
    Map<String, RubisDataFile> files = new HashMap<>();
    for (Key key : RubisPropertyKeys.KEYS.values()) {
      Entry e = entries.get(key.name());
      if (key.kind() != RubisPropertyKeys.Kind.FILE || e == null) {
        continue;
      }
      RubisDataFile resolved = RubisDataFile.resolve(key.name(), e.value(), base);
      if (resolved == null) {
        problems.add(new RubisProblem(name + ":" + e.line() + ": " + key.name(), e.value(),
            "does not exist (looked for " + lookedIn(e.value(), base) + " and for a shipped file of"
                + " that name; expected " + key.expected() + ")"));
      } else {
        files.put(key.name(), resolved);
      }
    }
    List<String> regions = files.containsKey("database_regions_file")
        ? RubisDatabaseFiles.regions(files.get("database_regions_file"), problems) : List.of();
    List<Category> categories = files.containsKey("database_categories_file")
        ? RubisDatabaseFiles.categories(files.get("database_categories_file"), problems) : List.of();
    if (!problems.isEmpty()) {
      throw new RubisInputException(problems);
    }
    return new RubisProperties(file, entries, files, regions, categories);
  }

  private static String lookedIn(String given, Path base) {
    try {
      return RubisDataFile.lookedIn(given, base);
    } catch (RuntimeException e) {
      return given;
    }
  }

  private static String hint(String key, Map<String, Entry> plusLines, Map<String, Entry> oldKeys) {
    if (plusLines.containsKey(key)) {
      return "; line " + plusLines.get(key).line() + " sets it behind a '+': delete the '+'";
    }
    if (oldKeys.containsKey(key)) {
      Entry old = oldKeys.get(key);
      return "; line " + old.line() + " sets it under its older name " + old.key();
    }
    if (key.equals("ejb_server") || key.equals("servlets_server")) {
      return "; property files older than 1.4 lack it";
    }
    return "";
  }

  /** The properties file. */
  public Path file() {
    return file;
  }

  /** The value as written (leading blanks dropped), or null when absent. */
  public String get(String key) {
    Entry e = entries.get(key);
    return e == null ? null : e.value();
  }

  /** The 1-based line of {@code key}, 0 when absent. */
  public int line(String key) {
    Entry e = entries.get(key);
    return e == null ? 0 : e.line();
  }

  /** An integer key, checked at read time. */
  public int getInt(String key) {
    return Integer.parseInt(get(key));
  }

  /** A float key, checked at read time. */
  public float getFloat(String key) {
    return Float.parseFloat(get(key));
  }

  /** {@code httpd_hostname}. */
  public String httpdHostname() {
    return get("httpd_hostname");
  }

  /** {@code httpd_port}. */
  public int httpdPort() {
    return getInt("httpd_port");
  }

  /** {@code httpd_use_version}. */
  public RubisFlavour flavour() {
    return RubisFlavour.fromProperty(get("httpd_use_version"));
  }

  /** The HTML path of {@code flavour} ({@code php_html_path}, ...). */
  public String htmlPath(RubisFlavour flavour) {
    return get(flavour.keyPrefix() + "_html_path");
  }

  /** The script path of {@code flavour} ({@code php_script_path}, ...). */
  public String scriptPath(RubisFlavour flavour) {
    return get(flavour.keyPrefix() + "_script_path");
  }

  /** {@code workload_use_tpcw_think_time = yes}. */
  public boolean useTpcwThinkTime() {
    return "yes".equals(get("workload_use_tpcw_think_time"));
  }

  /** A slowdown factor key truncated to an integer, as the client does. */
  public int slowdownFactor(String key) {
    return (int) getFloat(key);
  }

  /** A resolved data file ({@code workload_transition_table}, {@code database_regions_file}, ...). */
  public RubisDataFile dataFile(String key) {
    return files.get(key);
  }

  /** The regions, one per line of the regions file, in order (ids are 0-based indexes). */
  public List<String> regions() {
    return regions;
  }

  /** The categories, in file order (ids are 0-based indexes). */
  public List<Category> categories() {
    return categories;
  }

  /** How each data file was resolved, one sentence each. */
  public List<String> resolutions() {
    return RubisPropertyKeys.KEYS.keySet().stream().filter(files::containsKey)
        .map(k -> files.get(k).how()).toList();
  }
}
