package io.crosscheck.rundir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@value #FILE}: a matrix or study directory's table of contents, rewritten atomically by {@link
 * #write} after every cell and read by {@link #read} (the matrix's resume, the HTML report). Format
 * {@code schema} {@value #SCHEMA}, field by field:
 *
 * <ul>
 *   <li>{@code schema}: {@value #SCHEMA};
 *   <li>{@code createdEpochMillis}: when the directory's first invocation wrote it (wall clock);
 *   <li>{@code workload}: what every cell ran ({@link Workload}); a resume with another is refused;
 *   <li>{@code bound}: the search's bound on the absolute error ({@code maxAbsErrorMicros}, null
 *       without a search);
 *   <li>{@code cells}: one {@link MatrixCell} per cell, pending ones included;
 *   <li>{@code search}: one {@link Search} per JVM and option set a scalability search ran;
 *   <li>{@code study}: a study's own table and conclusion ({@link StudySection}), absent in a matrix.
 * </ul>
 *
 * <p>Files written before the workload section had its typed form read as they are: its keys were
 * the same. Immutable.
 */
public record MatrixJson(String schema, long createdEpochMillis, Workload workload, Bound bound,
    List<MatrixCell> cells, List<Search> search, @JsonInclude(JsonInclude.Include.NON_NULL) StudySection study) {
  /** The file's name in a matrix or study directory. */
  public static final String FILE = "matrix.json";
  /** The format this code writes and reads. */
  public static final String SCHEMA = "crosscheck-matrix/1";

  public MatrixJson {
    cells = cells == null ? List.of() : List.copyOf(cells);
    search = search == null ? List.of() : List.copyOf(search);
  }

  /** A matrix.json of this code's format. */
  public static MatrixJson of(long createdEpochMillis, Workload workload, Double boundMicros, List<MatrixCell> cells,
      List<Search> search, StudySection study) {
    return new MatrixJson(SCHEMA, createdEpochMillis, workload, new Bound(boundMicros), cells, search, study);
  }

  /**
   * What every cell of the directory ran: the description the matrix or study was given. Which keys
   * are present depends on what ran: crosscheck's engine ({@code engine}, {@code workload}, {@code
   * seed}, the phases' nanoseconds, {@code childArguments}: the child's {@code run} arguments), an
   * audited generator ({@code engine} agent or no-agent, {@code generatorCommand}, {@code reporting}),
   * or a study ({@code study} and its own keys: {@code schedules} per server, {@code policies}' engine
   * options, the WAN's client {@code classes}). Absent keys are not written.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Workload(String study, String engine, String workload, String server, String site, String sessions,
      Long seed, Double rateScale, Double timeScale, Long rampUpNanos, Long measureNanos, Long rampDownNanos,
      String target, List<String> generatorCommand, String reporting, List<String> classes,
      Map<String, Schedule> schedules, Map<String, String> policies, List<String> childArguments) {
    /** An empty description, to fill with the {@code with} copies' builder. */
    public static Builder builder() {
      return new Builder();
    }

    /** Fills a {@link Workload} key by key. */
    public static final class Builder {
      private String study;
      private String engine;
      private String workload;
      private String server;
      private String site;
      private String sessions;
      private Long seed;
      private Double rateScale;
      private Double timeScale;
      private Long rampUpNanos;
      private Long measureNanos;
      private Long rampDownNanos;
      private String target;
      private List<String> generatorCommand;
      private String reporting;
      private List<String> classes;
      private Map<String, Schedule> schedules;
      private Map<String, String> policies;
      private List<String> childArguments;

      public Builder study(String v) {
        study = v;
        return this;
      }

      public Builder engine(String v) {
        engine = v;
        return this;
      }

      public Builder workload(String v) {
        workload = v;
        return this;
      }

      public Builder server(String v) {
        server = v;
        return this;
      }

      public Builder site(String v) {
        site = v;
        return this;
      }

      public Builder sessions(String v) {
        sessions = v;
        return this;
      }

      public Builder seed(long v) {
        seed = v;
        return this;
      }

      public Builder scales(double rate, double time) {
        rateScale = rate;
        timeScale = time;
        return this;
      }

      public Builder phases(long rampUp, long measure, long rampDown) {
        rampUpNanos = rampUp;
        measureNanos = measure;
        rampDownNanos = rampDown;
        return this;
      }

      public Builder target(String v) {
        target = v;
        return this;
      }

      public Builder generator(List<String> command, String reportingText) {
        generatorCommand = List.copyOf(command);
        reporting = reportingText;
        return this;
      }

      public Builder classes(List<String> v) {
        classes = List.copyOf(v);
        return this;
      }

      public Builder schedules(Map<String, Schedule> v) {
        schedules = v;
        return this;
      }

      public Builder policies(Map<String, String> v) {
        policies = v;
        return this;
      }

      public Builder childArguments(List<String> v) {
        childArguments = List.copyOf(v);
        return this;
      }

      public Workload build() {
        return new Workload(study, engine, workload, server, site, sessions, seed, rateScale, timeScale, rampUpNanos,
            measureNanos, rampDownNanos, target, generatorCommand, reporting, classes, schedules, policies,
            childArguments);
      }
    }
  }

  /**
   * A flash-crowd study's schedule of one server: sessions per second at the base rate, the burst's
   * rate and length, the base rate's stretches around it, and the unmeasured ramps (nanoseconds).
   */
  public record Schedule(double baseSessionsPerSecond, double burstSessionsPerSecond, long burstNanos,
      long beforeBurstNanos, long afterBurstNanos, long rampUpNanos, long rampDownNanos) {}

  /**
   * The scalability search's bound on the absolute error, in microseconds; null without a search.
   * Read also from a bare number (a search entry's {@code bound} in hand-made and early files).
   */
  public record Bound(Double maxAbsErrorMicros) {
    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public Bound(@JsonProperty("maxAbsErrorMicros") Double maxAbsErrorMicros) {
      this.maxAbsErrorMicros = maxAbsErrorMicros;
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Bound ofMicros(double maxAbsErrorMicros) {
      return new Bound(maxAbsErrorMicros);
    }
  }

  /**
   * One JVM and option set's scalability search.
   *
   * @param steps the cells it ran
   * @param largestUsersHeld the largest level that held, null when none did
   * @param failedAtUsers the smallest level that failed, null when none did
   * @param reason why the search stopped (and why the level above the largest held failed)
   */
  public record Search(String jvmLabel, String jvmHome, String optsLabel, Bound bound, int steps,
      Integer largestUsersHeld, Integer failedAtUsers, String reason) {}

  /**
   * Reads {@code file}.
   *
   * @throws IOException naming the file: missing (not a matrix directory), not JSON, another
   *     schema, no cells array, or a member of the wrong type ({@link MalformedInputException})
   */
  public static MatrixJson read(Path file) throws IOException {
    JsonNode tree = JsonFiles.readObject(file, "missing: not a crosscheck matrix directory");
    if (!SCHEMA.equals(tree.path("schema").asText())) {
      throw new MalformedInputException(Printable.escape(file + ": schema " + tree.path("schema")
          + ": expected \"" + SCHEMA + "\""));
    }
    if (!tree.path("cells").isArray()) {
      throw new MalformedInputException(Printable.escape(file + ": no \"cells\" array"));
    }
    return JsonFiles.convert(file, tree, MatrixJson.class);
  }

  /** Writes {@code matrix} to {@code file}, atomically. */
  public static void write(Path file, MatrixJson matrix) throws IOException {
    JsonFiles.writeAtomically(file, matrix);
  }
}
