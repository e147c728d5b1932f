package io.crosscheck.spi;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.ConnectionLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What the command line needs from the {@code rubis-compat} module, which depends on the harness
 * and not the other way round: found with {@link ServiceLoader} on the launcher's classpath.
 */
public interface RubisSupport {
  /**
   * A RUBiS workload read from a {@code rubis.properties} file, as the RUBiS client would run it.
   *
   * @param source the scripted sessions (state machine, think times, URLs)
   * @param users emulated users (the client's clients per node)
   * @param phases up-ramp, session run and down-ramp times
   * @param host the server host the properties name
   * @param port its port
   * @param description what was read, for run.json and the console
   * @param notes things a user should know (defaults used, quirks kept)
   */
  record RubisWorkloadSpec(SessionSource.Scripted source, int users, Phases phases, String host, int port,
      String description, List<String> notes) {
    /**
     * The client's arrival: {@code users} users, all started at the run's start (its
     * ClientEmulator starts every user thread at once), each running sessions back to back until
     * the run ends.
     */
    public Arrival.Closed arrival() {
      return new Arrival.Closed(users, 0, Arrival.UserStarts.ALL_AT_ONCE);
    }
  }

  /**
   * Reads a RUBiS workload.
   *
   * @param properties a rubis.properties file, or null for the shipped default (bidding mix)
   * @param table a transition table overriding the properties' one, or null
   * @param users a user count overriding the properties', or null
   * @param thinkScale multiplies every think time (1 = as the client; 0.1 = ten times faster), so a
   *     long RUBiS mix can be time-scaled; not something the original client can do
   * @throws SpecException listing every problem with its file:line
   */
  RubisWorkloadSpec workload(Path properties, Path table, Integer users, double thinkScale) throws SpecException;

  /** A running embedded RUBiS server. */
  interface Server extends EmbeddedSite {}

  /**
   * Starts the embedded RUBiS-compatible auction server.
   *
   * @param bindAddress where to listen (127.0.0.1 unless the user asks)
   * @param port the port, 0 for any
   * @param logRequests one line per request on stderr
   */
  default Server startServer(String bindAddress, int port, boolean logRequests) throws Exception {
    return startServer(bindAddress, port, logRequests, DEFAULT_USERS, ConnectionLimits.defaults());
  }

  /** Users in the embedded site's dataset by default (the shipped crosscheck-default.properties says the same). */
  int DEFAULT_USERS = 10_000;

  /**
   * Starts the embedded auction server with {@code users} users ({@code user1..userN}, the client's
   * {@code database_number_of_users}) and the given keep-alive timeout and connection cap; other
   * options as {@link #startServer(String, int, boolean)}.
   *
   * @throws IllegalArgumentException when {@code users} is below 1
   */
  Server startServer(String bindAddress, int port, boolean logRequests, int users, ConnectionLimits limits)
      throws Exception;

  /** The implementation on the classpath, if any. */
  static Optional<RubisSupport> find() {
    return ServiceLoader.load(RubisSupport.class).findFirst();
  }
}
