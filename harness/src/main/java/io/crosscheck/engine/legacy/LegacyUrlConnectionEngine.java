package io.crosscheck.engine.legacy;

import io.crosscheck.engine.EngineOptions;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code legacy-urlconnection} engine: the RUBiS/TPC-W client's way of generating load, one
 * platform (or, optionally, virtual) thread per emulated user, each request
 * {@code new BufferedInputStream(url.openStream(), 4096)} read to EOF and closed (see
 * {@link UrlStreamFetcher}), so that users share TCP connections exactly as the JDK's JVM-wide
 * keep-alive cache makes them share (the {@code shared-cache} policy, for real: the cache is not
 * reimplemented, and {@code EngineOptions.policy} is ignored).
 *
 * <p>The JDK properties {@code http.maxConnections} and {@code http.keepAlive} from
 * {@link LegacyOptions} apply to the whole JVM and only if set before its first URL connection;
 * a run asking for other values than those in force fails before any load starts, which is why
 * the engine is meant to run in a child JVM when they vary. Connections are invisible to this
 * engine: {@code EngineResult.connectionsOpened} is -1 (null in run.json) and records carry no connection id (the
 * capture or the server counts them).
 *
 * <p>{@code EngineResult.extra}: {@code httpMaxConnections}, {@code httpKeepAlive} (1/0),
 * {@code connectionIdsObservable}=0, {@code peakUsers}, {@code timingMillisClock} (1 when
 * instants after the send start come from {@code System.currentTimeMillis()} differences),
 * {@code virtualThreads}, {@code threadStackSizeBytes}, and a {@link LegacyEngineLimit}'s gauges.
 * Thread-safe; one run at a time per instance.
 */
public final class LegacyUrlConnectionEngine extends LegacyEngineBase {
  /** The name on the command line. */
  public static final String NAME = "legacy-urlconnection";

  /** With the original client's settings ({@link LegacyOptions#faithful()}). */
  public LegacyUrlConnectionEngine() {
    this(LegacyOptions.faithful());
  }

  public LegacyUrlConnectionEngine(LegacyOptions options) {
    super(NAME, options);
  }

  @Override
  void prepare(EngineOptions options) {
    JdkHttpProperties.apply(legacy);
  }

  /**
   * The URL keeps the name as given, so the JDK resolves it itself, as in the audited client (its
   * keep-alive cache is keyed by host and port, its Host header is the name): within the JVM's
   * address cache (30 s by default) that is the address resolved once at the start; the base
   * checks it at the run's start and end and says so when it is not.
   */
  @Override
  boolean resolvesItself() {
    return true;
  }

  @Override
  Fetcher newFetcher(LegacyRun run) {
    return new UrlStreamFetcher(run);
  }

  @Override
  Map<String, Long> gauges(LegacyRun run) {
    Map<String, Long> g = new HashMap<>();
    g.put("httpMaxConnections", JdkHttpProperties.maxConnections());
    g.put("httpKeepAlive", JdkHttpProperties.keepAlive());
    g.put("connectionIdsObservable", 0L);
    return g;
  }
}
