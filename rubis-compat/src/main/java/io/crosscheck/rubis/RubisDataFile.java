package io.crosscheck.rubis;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A data file named in {@code rubis.properties} (transition table, regions, categories) after
 * resolution. Immutable.
 *
 * <p>Resolution: a path that exists as given is used; a relative path is then tried against the
 * properties file's directory; a path that still does not exist (including the shipped files'
 * absolute {@code /users/...} paths) falls back to the copy crosscheck ships under the same file
 * name, if any. {@link #how()} says which was used.
 *
 * @param key the property key, e.g. {@code workload_transition_table}
 * @param given the value as written
 * @param path the file used, or null when the shipped copy is used
 * @param shipped the shipped resource used ({@code workload/transitions.txt}), or null
 * @param how one sentence for the user: which file was used and why
 */
public record RubisDataFile(String key, String given, Path path, String shipped, String how) {

  /** The file's name, used in messages. */
  public String name() {
    return path != null ? path.getFileName().toString() : shipped.substring(shipped.indexOf('/') + 1);
  }

  /**
   * The file's lines, ISO-8859-1 (byte for byte), read within the limits of {@link RubisFiles}.
   *
   * @throws RubisInputException when the file cannot be read or breaks a limit
   */
  public List<String> lines() throws RubisInputException {
    if (path != null) {
      return RubisFiles.readLines(path, "the RUBiS data file named by " + key);
    }
    return RubisFiles.lines(name(), new String(ShippedData.bytes(shipped), StandardCharsets.ISO_8859_1));
  }

  /**
   * Resolves {@code given}; null when nothing is found.
   *
   * @param baseDirectory the properties file's directory
   */
  static RubisDataFile resolve(String key, String given, Path baseDirectory) {
    Path asGiven;
    try {
      asGiven = Path.of(given);
    } catch (RuntimeException e) {
      return null;
    }
    if (!given.isEmpty() && asGiven.isAbsolute() && Files.isRegularFile(asGiven)) {
      return new RubisDataFile(key, given, asGiven, null, key + ": using " + asGiven);
    }
    if (!given.isEmpty() && !asGiven.isAbsolute()) {
      Path beside = baseDirectory.resolve(asGiven).normalize();
      if (Files.isRegularFile(beside)) {
        return new RubisDataFile(key, given, beside, null,
            key + ": using " + beside + " (relative to the properties file's directory)");
      }
    }
    Path fileName = asGiven.getFileName();
    String resource = fileName == null ? null : ShippedData.resourceFor(fileName.toString());
    if (resource != null) {
      return new RubisDataFile(key, given, null, resource, key + ": " + given
          + " does not exist; using crosscheck's shipped copy of " + fileName
          + " (RUBiS repository, byte for byte)");
    }
    return null;
  }

  /** Where crosscheck looked for {@code given}, for the "does not exist" message. */
  static String lookedIn(String given, Path baseDirectory) {
    Path asGiven = Path.of(given);
    return asGiven.isAbsolute() ? given : given + " and " + baseDirectory.resolve(asGiven).normalize();
  }
}
