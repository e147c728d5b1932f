package io.crosscheck.rubis.spi;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionScript;
import io.crosscheck.model.SessionScriptFactory;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.spec.SpecException;
import io.crosscheck.rubis.RubisInputException;
import io.crosscheck.rubis.RubisWorkload;
import io.crosscheck.rubis.server.DatasetSize;
import io.crosscheck.rubis.server.RubisServer;
import io.crosscheck.rubis.server.RubisServerConfig;
import io.crosscheck.server.ConnectionLimits;
import io.crosscheck.spi.RubisSupport;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The harness's view of rubis-compat ({@link RubisSupport}, registered for {@link
 * java.util.ServiceLoader}): RUBiS workloads from rubis.properties files, and the embedded RUBiS
 * server. Without a properties file the shipped {@code crosscheck-default.properties} is used: the
 * RUBiS Servlets example aimed at 127.0.0.1:8080 with the bidding mix.
 */
public final class RubisSupportImpl implements RubisSupport {
  static final String DEFAULT_PROPERTIES = "/io/crosscheck/rubis/crosscheck-default.properties";

  @Override
  public RubisWorkloadSpec workload(Path properties, Path table, Integer users, double thinkScale)
      throws SpecException {
    Path file = properties != null ? properties : defaultProperties();
    RubisWorkload w;
    try {
      w = RubisWorkload.read(file, new RubisWorkload.Overrides(users, table, null));
    } catch (RubisInputException e) {
      throw e.toSpecException();
    } finally {
      if (properties == null) {
        deleteCopy(file);
      }
    }
    List<String> notes = new ArrayList<>(w.notes());
    if (properties == null) {
      notes.add(0, "rubis.properties: none given, the shipped crosscheck-default.properties (bidding mix)");
    }
    notes.add(String.format(Locale.ROOT, "all %d users start at once and run sessions back to back until the"
        + " end of the down-ramp, as the client does; think times x %s (workload_up_ramp_slowdown_factor,"
        + " 1 during the run, workload_down_ramp_slowdown_factor)", w.users(), w.slowdown().describe()));
    SessionSource.Scripted source = w.source();
    String description = w.describe();
    if (thinkScale != 1.0) {
      source = new SessionSource.Scripted(new ScaledThink(source.factory(), thinkScale));
      description += String.format(Locale.ROOT, "; think times x %s", thinkScale);
      notes.add(String.format(Locale.ROOT, "think times scaled by %s (time-scaled mix)", thinkScale));
    }
    return new RubisWorkloadSpec(source, w.users(), w.phases(), w.host(), w.port(), description, notes);
  }

  private static Path defaultProperties() {
    try (InputStream in = RubisSupportImpl.class.getResourceAsStream(DEFAULT_PROPERTIES)) {
      Path dir = Files.createTempDirectory("crosscheck-rubis");
      Path file = dir.resolve("crosscheck-default.properties");
      Files.copy(in, file);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("the shipped RUBiS properties cannot be read", e);
    }
  }

  /**
   * Removes the copy {@link #defaultProperties()} made once it has been read. (It was left to
   * deleteOnExit, which deletes in the reverse order of registration: the directory came first,
   * failed while the file was in it, and every run left an empty directory in the temp dir.)
   */
  private static void deleteCopy(Path file) {
    try {
      Files.deleteIfExists(file);
      Files.deleteIfExists(file.getParent());
    } catch (IOException e) {
      file.getParent().toFile().deleteOnExit();   // registered first, deleted last
      file.toFile().deleteOnExit();
    }
  }

  @Override
  public Server startServer(String bindAddress, int port, boolean logRequests, int users, ConnectionLimits limits)
      throws Exception {
    RubisServerConfig defaults = RubisServerConfig.defaults();
    DatasetSize size = defaults.dataset();
    return RubisServer.start(defaults.withBindAddress(bindAddress).withPort(port)
        .withLogRequests(logRequests).withDataset(size.withCounts(users, size.items(), size.oldItems())), limits);
  }

  /** Multiplies the think time of every request a script plans. */
  private record ScaledThink(SessionScriptFactory inner, double scale) implements SessionScriptFactory {
    @Override
    public SessionScript create(long sessionId, long seed) {
      SessionScript script = inner.create(sessionId, seed);
      return new SessionScript() {
        @Override
        public RequestPlan next(Reply previous) {
          return scaled(script.next(previous));
        }

        @Override
        public RequestPlan next(Reply previous, Phase phase) {
          return scaled(script.next(previous, phase));
        }

        private RequestPlan scaled(RequestPlan p) {
          return p == null ? null : new RequestPlan(p.seq(), p.method(), p.path(), p.body(),
              Math.round(p.thinkBeforeNanos() * scale), p.burstWithPrevious());
        }

        @Override
        public boolean needsBody() {
          return script.needsBody();
        }
      };
    }

    @Override
    public String describe() {
      return inner.describe() + String.format(Locale.ROOT, "; think x %s", scale);
    }

    @Override
    public String stateLabel(String target) {
      return inner.stateLabel(target);
    }

    @Override
    public io.crosscheck.model.DeclaredMix declaredMix() {
      return inner.declaredMix();
    }

    @Override
    public io.crosscheck.model.DeclaredThinkTable declaredThinkTable() {
      io.crosscheck.model.DeclaredThinkTable t = inner.declaredThinkTable();
      return t == null ? null : t.scaled(scale);
    }

    @Override
    public boolean hasStates() {
      return inner.hasStates();
    }

    @Override
    public String describeOutcomes() {
      return inner.describeOutcomes();
    }

    @Override
    public String describeOutcomes(io.crosscheck.model.StuckUsers stuck) {
      return inner.describeOutcomes(stuck);
    }
  }
}
