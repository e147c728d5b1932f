package io.crosscheck.spi;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.server.ConnectionLimits;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * What the command line needs from the TPC-W side of the {@code rubis-compat} module (found with
 * {@link ServiceLoader}): the Remote Browser Emulator's workload, and the embedded bookstore. See
 * ../shared/TPCW-CONTRACT.md for the RBE's behaviour.
 */
public interface TpcwSupport {
  /** The RBE's three mixes (its {@code -EB} factories rbe.EBTPCW1/2/3Factory). */
  enum Mix {
    BROWSING("rbe.EBTPCW1Factory"), SHOPPING("rbe.EBTPCW2Factory"), ORDERING("rbe.EBTPCW3Factory");

    private final String factory;

    Mix(String factory) {
      this.factory = factory;
    }

    /** The RBE's factory class for this mix. */
    public String factory() {
      return factory;
    }

    /** {@code browsing}, {@code shopping}, {@code ordering}. */
    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * The RBE's options, with its names in the comments and its defaults in {@link #defaults}.
   *
   * @param mix {@code -EB} factory
   * @param browsers {@code -EB} count: emulated browsers (users), all started at once
   * @param stateMask {@code -EB} mask: 15 characters in state order, {@code _} disables a state; null for none
   * @param rampUpSeconds {@code -RU} (600)
   * @param measureSeconds {@code -MI} (1800)
   * @param rampDownSeconds {@code -RD} (300)
   * @param thinkScale {@code -TT}: multiplies every think time (1)
   * @param slow {@code -SLOW}: multiplies think times (not the first) and session durations (1)
   * @param customers {@code -CUST} (1000)
   * @param items {@code -ITEM} (10000; one of 1000, 10000, 100000, 1000000, 10000000)
   * @param getImages {@code -GETIM} (true)
   * @param maxErrors {@code -MAXERROR} (1: the RBE exits at the first error; 0 never)
   * @param imageConnections {@code -CON}: images read at once (4)
   * @param prefix the path the RBE's {@code -WWW} names, ending in '/' ({@code /tpcw/})
   */
  record Options(Mix mix, int browsers, String stateMask, long rampUpSeconds, long measureSeconds,
      long rampDownSeconds, double thinkScale, double slow, int customers, int items, boolean getImages,
      int maxErrors, int imageConnections, String prefix) {
    public static Options defaults(Mix mix, int browsers) {
      return new Options(mix, browsers, null, 600, 1800, 300, 1.0, 1.0, 1000, 10000, true, 1, 4, "/tpcw/");
    }
  }

  /**
   * A TPC-W workload as the RBE runs it.
   *
   * @param source the scripted sessions: one session is one TPC-W user session (Home to the end of
   *     its minimum duration), an emulated browser runs them back to back
   * @param browsers emulated browsers (users)
   * @param phases -RU, -MI and -RD (each x -SLOW, as the RBE's end time)
   * @param description what was built, for run.json and the console
   * @param notes what a user should know (quirks kept, quirks mended)
   */
  record TpcwWorkloadSpec(SessionSource.Scripted source, int browsers, Phases phases, String description,
      List<String> notes) {
    /** Every browser starts at the run's start, as the RBE starts every EB thread at launch. */
    public Arrival.Closed arrival() {
      return new Arrival.Closed(browsers, 0, Arrival.UserStarts.ALL_AT_ONCE);
    }
  }

  /** @throws SpecException listing every problem with the option it comes from ({@code -ITEM}, ...) */
  TpcwWorkloadSpec workload(Options options) throws SpecException;

  /**
   * Starts the embedded TPC-W-compatible bookstore.
   *
   * @param bindAddress where to listen (127.0.0.1 unless the user asks)
   * @param port the port, 0 for any
   * @param logRequests one line per request on stderr
   * @param customers the database's customers ({@code -CUST})
   * @param items the database's items ({@code -ITEM})
   */
  default EmbeddedSite startServer(String bindAddress, int port, boolean logRequests, int customers, int items)
      throws Exception {
    return startServer(bindAddress, port, logRequests, customers, items, ConnectionLimits.defaults());
  }

  /** As above, with the given keep-alive timeout and connection cap. */
  EmbeddedSite startServer(String bindAddress, int port, boolean logRequests, int customers, int items,
      ConnectionLimits limits) throws Exception;

  /** The implementation on the classpath, if any. */
  static Optional<TpcwSupport> find() {
    return ServiceLoader.load(TpcwSupport.class).findFirst();
  }
}
