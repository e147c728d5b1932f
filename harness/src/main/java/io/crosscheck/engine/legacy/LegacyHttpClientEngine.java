package io.crosscheck.engine.legacy;

import java.util.Map;

/**
 * The {@code legacy-httpclient} engine: thread per user like {@link LegacyUrlConnectionEngine},
 * but each user owns an Apache HttpClient 5 classic client with one dedicated keep-alive
 * connection (JMeter's model, see {@link HttpClientFetcher}), so an audit can tell the cost of
 * "a thread per user" apart from the effect of "connections shared through the JDK cache". The
 * connection is visible here: records carry its local {@code ip:port}, open instant and reuse,
 * and {@code EngineResult.connectionsOpened} counts sockets created. {@code EngineOptions.policy}
 * is ignored (always one connection per user thread: per closed user, per arriving session).
 *
 * <p>{@code EngineResult.extra}: {@code connectionIdsObservable}=1, {@code peakUsers},
 * {@code timingMillisClock}, {@code virtualThreads}, {@code threadStackSizeBytes}, and a
 * {@link LegacyEngineLimit}'s gauges. Thread-safe; one run at a time per instance.
 */
public final class LegacyHttpClientEngine extends LegacyEngineBase {
  /** The name on the command line. */
  public static final String NAME = "legacy-httpclient";

  /** Millisecond timing and string concatenation, as the RUBiS client ({@link LegacyOptions#faithful()}). */
  public LegacyHttpClientEngine() {
    this(LegacyOptions.faithful());
  }

  public LegacyHttpClientEngine(LegacyOptions options) {
    super(NAME, options);
  }

  @Override
  Fetcher newFetcher(LegacyRun run) {
    return new HttpClientFetcher(run);
  }

  @Override
  Map<String, Long> gauges(LegacyRun run) {
    return Map.of("connectionIdsObservable", 1L);
  }
}
