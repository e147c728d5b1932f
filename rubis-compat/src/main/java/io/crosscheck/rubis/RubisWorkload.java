package io.crosscheck.rubis;

import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A RUBiS workload as the CLI needs it, from a {@code rubis.properties} file (and optional
 * overrides): the scripted session source (with the properties' slowdown factors), the number of
 * emulated users, the three phases, the target and a description for {@code run.json}. As in the
 * client, every user starts at the run's start and runs sessions back to back until the end of
 * the down-ramp; the ramps only multiply think times ({@link RubisSlowdown}). Immutable; the
 * factory's counters are thread-safe.
 */
public final class RubisWorkload {
  /**
   * Command-line overrides; null fields keep the properties' values.
   *
   * @param users emulated users instead of {@code workload_number_of_clients_per_node}
   * @param table a transition table file instead of {@code workload_transition_table}
   * @param flavour PHP, Servlets or EJB instead of {@code httpd_use_version}
   */
  public record Overrides(Integer users, Path table, RubisFlavour flavour) {
    public static Overrides none() {
      return new Overrides(null, null, null);
    }
  }

  private final RubisProperties properties;
  private final RubisScriptFactory factory;
  private final int users;
  private final List<String> notes;

  private RubisWorkload(RubisProperties properties, RubisScriptFactory factory, int users,
      List<String> notes) {
    this.properties = properties;
    this.factory = factory;
    this.users = users;
    this.notes = List.copyOf(notes);
  }

  /** Reads the properties file, its data files and the transition table; all problems at once. */
  public static RubisWorkload read(Path propertiesFile, Overrides overrides)
      throws RubisInputException {
    return from(RubisProperties.read(propertiesFile), overrides);
  }

  /** The workload of checked properties; reads the transition table. */
  public static RubisWorkload from(RubisProperties p, Overrides overrides)
      throws RubisInputException {
    List<String> notes = new ArrayList<>(p.resolutions());
    int rows = p.getInt("workload_number_of_rows");
    int columns = p.getInt("workload_number_of_columns");
    TransitionTable table;
    if (overrides.table() != null) {
      table = TransitionTable.read(overrides.table(), rows, columns);
      notes.add("workload_transition_table: overridden by " + overrides.table());
    } else {
      RubisDataFile file = p.dataFile("workload_transition_table");
      table = TransitionTable.parse(file.name(), file.lines(), rows, columns);
    }
    if (overrides.users() != null && overrides.users() < 1) {
      throw new RubisInputException(List.of(new RubisProblem("--users",
          String.valueOf(overrides.users()), "is not a number of users (expected a whole number > 0)")));
    }
    RubisFlavour flavour = overrides.flavour() != null ? overrides.flavour() : p.flavour();
    int users = overrides.users() != null ? overrides.users()
        : p.getInt("workload_number_of_clients_per_node");
    RubisSessionConfig config = RubisSessionConfig.of(p, table, flavour);
    return new RubisWorkload(p, new RubisScriptFactory(config, RubisSlowdown.of(p)), users, notes);
  }

  /** The think-time slowdown factors by phase (up-ramp, run, down-ramp). */
  public RubisSlowdown slowdown() {
    return factory.slowdown();
  }

  /** The session source for the workload. */
  public SessionSource.Scripted source() {
    return new SessionSource.Scripted(factory);
  }

  /** The factory (its counters, and the state of a URL for per-state reports). */
  public RubisScriptFactory factory() {
    return factory;
  }

  /** Emulated users (closed loop: each runs sessions back to back). */
  public int users() {
    return users;
  }

  /** {@code workload_up_ramp_time_in_ms} in nanoseconds. */
  public long rampUpNanos() {
    return millis("workload_up_ramp_time_in_ms");
  }

  /** {@code workload_session_run_time_in_ms} in nanoseconds. */
  public long measureNanos() {
    return millis("workload_session_run_time_in_ms");
  }

  /** {@code workload_down_ramp_time_in_ms} in nanoseconds. */
  public long rampDownNanos() {
    return millis("workload_down_ramp_time_in_ms");
  }

  /** The three phases. */
  public Phases phases() {
    return new Phases(rampUpNanos(), measureNanos(), rampDownNanos());
  }

  private long millis(String key) {
    return TimeUnit.MILLISECONDS.toNanos(properties.getInt(key));
  }

  /** {@code httpd_hostname}. */
  public String host() {
    return properties.httpdHostname();
  }

  /** {@code httpd_port}. */
  public int port() {
    return properties.httpdPort();
  }

  /** How each data file was found, and overrides applied. */
  public List<String> notes() {
    return notes;
  }

  /** One line for {@code run.json}: source file, target, users, phases and the script. */
  public String describe() {
    return "rubis.properties=" + properties.file() + ", target=" + host() + ":" + port()
        + ", users=" + users + ", rampUpMillis=" + TimeUnit.NANOSECONDS.toMillis(rampUpNanos())
        + ", measureMillis=" + TimeUnit.NANOSECONDS.toMillis(measureNanos())
        + ", rampDownMillis=" + TimeUnit.NANOSECONDS.toMillis(rampDownNanos()) + ", "
        + factory.describe();
  }
}
