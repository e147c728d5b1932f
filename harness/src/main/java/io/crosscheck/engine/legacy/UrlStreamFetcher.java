package io.crosscheck.engine.legacy;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.record.Outcome;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.net.HttpURLConnection;
import java.net.URL;
import java.net.URLConnection;

/**
 * A request as the RUBiS and TPC-W clients make it:
 * {@code new BufferedInputStream(url.openStream(), 4096)}, read to EOF in 4 KB chunks,
 * {@code close()}, through the JDK's {@code HttpURLConnection} and its JVM-wide keep-alive cache.
 *
 * <p>{@code URL.openStream()} is {@code openConnection().getInputStream()}; this class makes those
 * two calls itself so that it holds the {@link HttpURLConnection} (same code path, same wire
 * traffic). It uses the handle for three things only: the connect and read timeouts (what the
 * {@code sun.net.client.defaultConnectTimeout}/{@code defaultReadTimeout} properties would set
 * JVM-wide, set per connection instead so runs in one JVM can differ), the status that
 * {@code getInputStream} has already parsed ({@code getResponseCode} is then a field read), and
 * {@code disconnect()} when the run aborts the request.
 *
 * <p>What the client can observe, and so what the record holds: send start = before
 * {@code openConnection} (connect included when the cache has no idle connection); first byte =
 * when {@code getInputStream} returned (it has read the status line and headers, so the client
 * cannot see the first byte earlier); last byte = after {@code close()} following EOF; response
 * bytes = body bytes read; request bytes = -1 (unknown); connection id empty and open instant -1
 * (the JDK hides the socket; reading it through {@code sun.net} internals was rejected as
 * invasive), so the comparator matches these records by URL and time. An HTTP error status makes
 * {@code getInputStream} throw: the record is {@code http-error} with that status, first and last
 * byte at the throw, body unread (as the original, which never reads the error stream).
 *
 * <p>Confined to one user thread.
 */
final class UrlStreamFetcher implements Fetcher {
  private static final int CHUNK_BYTES = 4096;

  private final LegacyRun run;
  private final RequestTimer timer;
  private final boolean concat;
  private final int connectTimeoutMillis;
  private final int readTimeoutMillis;
  private final byte[] buf = new byte[CHUNK_BYTES];
  /** Keeps the accumulated replies observable so the JIT cannot drop the accumulation. */
  private long replyChars;

  UrlStreamFetcher(LegacyRun run) {
    this.run = run;
    this.timer = new RequestTimer(run.ticker, run.legacy.timing());
    this.concat = run.legacy.reply() == LegacyOptions.ReplyAccumulation.CONCAT;
    this.connectTimeoutMillis = toMillis(run.options.connectTimeoutNanos());
    this.readTimeoutMillis = toMillis(run.options.requestTimeoutNanos());
  }

  private static int toMillis(long nanos) {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, nanos / 1_000_000L));
  }

  @Override
  public void fetch(InFlight ex) {
    long bodyBytes = 0;
    HttpURLConnection conn = null;
    ex.sendStartNanos = timer.start();
    try {
      URL url = new URL(run.baseUrl + ex.plan.path());
      URLConnection c = url.openConnection();
      c.setConnectTimeout(connectTimeoutMillis);
      c.setReadTimeout(readTimeoutMillis);
      conn = (HttpURLConnection) c;
      ex.canceller = conn::disconnect;
      if (ex.ended()) {
        return; // aborted before the transport existed
      }
      InputStream in = new BufferedInputStream(c.getInputStream(), CHUNK_BYTES);
      ex.firstByteNanos = timer.now();
      ex.status = conn.getResponseCode(); // parsed by getInputStream: no I/O
      String reply = "";
      ByteArrayOutputStream buffer = concat ? null : new ByteArrayOutputStream();
      try {
        int n;
        while ((n = in.read(buf, 0, buf.length)) != -1) {
          bodyBytes += n;
          if (concat) {
            reply = reply + new String(buf, 0, n);
          } else {
            buffer.write(buf, 0, n);
          }
        }
      } finally {
        in.close();
      }
      ex.lastByteNanos = timer.now();
      ex.responseBytes = bodyBytes;
      replyChars += concat ? reply.length() : buffer.size();
      if (ex.keepBody) {
        ex.body = concat ? reply : buffer.toString(StandardCharsets.ISO_8859_1);
      }
      ex.end(ex.status >= 400 ? Outcome.HTTP_ERROR : Outcome.OK, "");
    } catch (IOException e) {
      Failures.Failure f = Failures.classify(e);
      ex.responseBytes = bodyBytes;
      if (f.outcome() == Outcome.HTTP_ERROR) {
        ex.firstByteNanos = timer.now();
        ex.lastByteNanos = ex.firstByteNanos;
        ex.status = f.status();
      }
      if (GeneratorFaults.FILE_DESCRIPTORS.equals(f.generatorKind())) {
        run.limitReached(LegacyEngineLimit.Kind.OPEN_FILES, e);
      }
      ex.end(f);
    }
  }

  long replyChars() {
    return replyChars;
  }

  @Override
  public void close() {
    // nothing to release: idle connections belong to the JDK's JVM-wide keep-alive cache
  }
}
