package io.crosscheck.engine.legacy;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.record.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Proxy;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.BasicHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.DefaultHttpClientConnectionOperator;
import org.apache.hc.client5.http.io.DetachedSocketFactory;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.ssl.TlsSocketStrategy;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.config.RegistryBuilder;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * One user's Apache HttpClient 5 (classic) for the {@code legacy-httpclient} engine, JMeter-like:
 * the user owns its {@link CloseableHttpClient} and a {@link BasicHttpClientConnectionManager},
 * so it has one dedicated keep-alive connection, opened on its first request and replaced only
 * when closed. Automatic retries, redirects, cookies and content compression are off, so one
 * scheduled request is one exchange on the wire.
 *
 * <p>Sockets come from a {@link DetachedSocketFactory} that makes {@link CountingSocket}s: the
 * record's connection id is the socket's local {@code ip:port}, its open instant the connect
 * start, reuse = no connect happened during this request, and request/response bytes are what
 * the socket carried (headers included). Send start = before {@code executeOpen}; first byte =
 * when it returned with the status line and headers parsed; last byte = after the entity was read
 * to EOF and the response closed (the connection is then back in the manager). The connect
 * timeout and the response (socket) timeout come from {@code EngineOptions}.
 *
 * <p>Confined to one user thread, except {@link #cancel()} (the run's abort).
 */
final class HttpClientFetcher implements Fetcher, DetachedSocketFactory {
  private static final int CHUNK_BYTES = 4096;

  private final LegacyRun run;
  private final RequestTimer timer;
  private final boolean concat;
  private final HttpHost host;
  private final CloseableHttpClient client;
  private final HttpClientContext context = HttpClientContext.create();
  private final byte[] buf = new byte[CHUNK_BYTES];
  private volatile CountingSocket socket;
  private long connects;
  private long replyChars;

  HttpClientFetcher(LegacyRun run) {
    this.run = run;
    this.timer = new RequestTimer(run.ticker, run.legacy.timing());
    this.concat = run.legacy.reply() == LegacyOptions.ReplyAccumulation.CONCAT;
    String target = run.baseUrl;
    try {
      this.host = HttpHost.create(target);
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException("bad target " + target, e);
    }
    Timeout connectTimeout = Timeout.of(run.options.connectTimeoutNanos(), TimeUnit.NANOSECONDS);
    Timeout responseTimeout = Timeout.of(run.options.requestTimeoutNanos(), TimeUnit.NANOSECONDS);
    BasicHttpClientConnectionManager manager = new BasicHttpClientConnectionManager(
        new DefaultHttpClientConnectionOperator(this, null, dnsResolver(run.target),
            RegistryBuilder.<TlsSocketStrategy>create().build()),
        null);
    manager.setConnectionConfig(
        ConnectionConfig.custom().setConnectTimeout(connectTimeout).setSocketTimeout(responseTimeout).build());
    this.client = HttpClients.custom()
        .setConnectionManager(manager)
        .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(responseTimeout).build())
        .disableAutomaticRetries()
        .disableRedirectHandling()
        .disableCookieManagement()
        .disableContentCompression()
        .build();
  }

  /**
   * The address resolved once at the job's start for the target's name, as an HttpClient user sets
   * a {@code DnsResolver}: HttpClient connects there (and no other address) while its requests keep
   * the name in the Host header; any other name through the system resolver. Null (HttpClient's
   * default) for a target not resolved.
   */
  private static DnsResolver dnsResolver(io.crosscheck.model.Target target) {
    if (target.address() == null) {
      return null;
    }
    java.net.InetAddress address = target.address();
    return new DnsResolver() {
      @Override
      public java.net.InetAddress[] resolve(String host) throws java.net.UnknownHostException {
        return host.equalsIgnoreCase(target.host()) || host.equalsIgnoreCase("[" + target.host() + "]")
            ? new java.net.InetAddress[] {address} : SystemDefaultDnsResolver.INSTANCE.resolve(host);
      }

      @Override
      public String resolveCanonicalHostname(String host) throws java.net.UnknownHostException {
        return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
      }
    };
  }

  /** {@link DetachedSocketFactory}: a new unconnected socket for the connection manager. */
  @Override
  public Socket create(Proxy proxy) {
    CountingSocket s = new CountingSocket(run.ticker);
    socket = s;
    connects++;
    run.connectionsOpened.increment();
    run.progress.connectionOpened();
    return s;
  }

  @Override
  public void fetch(InFlight ex) {
    long connectsBefore = connects;
    CountingSocket before = socket;
    long wroteBefore = before == null ? 0 : before.bytesWritten();
    long readBefore = before == null ? 0 : before.bytesRead();
    long bodyBytes = 0;
    BasicClassicHttpRequest request = new BasicClassicHttpRequest(ex.plan.method(), host, ex.plan.path());
    if (!ex.plan.body().isEmpty()) {
      request.setEntity(new StringEntity(ex.plan.body(), ContentType.APPLICATION_FORM_URLENCODED));
    }
    ex.canceller = this::cancel;
    if (ex.ended()) {
      return;
    }
    ex.sendStartNanos = timer.start();
    try (ClassicHttpResponse response = client.executeOpen(host, request, context)) {
      ex.firstByteNanos = timer.now();
      ex.status = response.getCode();
      HttpEntity entity = response.getEntity();
      if (entity != null) {
        String reply = "";
        ByteArrayOutputStream buffer = concat ? null : new ByteArrayOutputStream();
        try (InputStream in = entity.getContent()) {
          int n;
          while ((n = in.read(buf, 0, buf.length)) != -1) {
            bodyBytes += n;
            if (concat) {
              reply = reply + new String(buf, 0, n, StandardCharsets.ISO_8859_1);
            } else {
              buffer.write(buf, 0, n);
            }
          }
        }
        replyChars += concat ? reply.length() : buffer.size();
        if (ex.keepBody) {
          ex.body = concat ? reply : buffer.toString(StandardCharsets.ISO_8859_1);
        }
      }
    } catch (IOException e) {
      describe(ex, connectsBefore, wroteBefore, readBefore, bodyBytes);
      Failures.Failure f = classify(e);
      if (GeneratorFaults.FILE_DESCRIPTORS.equals(f.generatorKind())) {
        run.limitReached(LegacyEngineLimit.Kind.OPEN_FILES, e);
      }
      ex.end(f);
      return;
    }
    ex.lastByteNanos = timer.now();
    describe(ex, connectsBefore, wroteBefore, readBefore, bodyBytes);
    ex.end(ex.status >= 400 ? Outcome.HTTP_ERROR : Outcome.OK, "");
  }

  /** Fills the connection fields and byte counts from the socket that carried the request. */
  private void describe(InFlight ex, long connectsBefore, long wroteBefore, long readBefore, long bodyBytes) {
    CountingSocket s = socket;
    boolean fresh = connects != connectsBefore;
    if (s == null) {
      ex.responseBytes = bodyBytes;
      return;
    }
    ex.connectionId = s.localId();
    ex.connectionOpenNanos = s.connectStartNanos();
    ex.connectionReused = !fresh;
    ex.requestBytes = s.bytesWritten() - (fresh ? 0 : wroteBefore);
    ex.responseBytes = s.bytesRead() - (fresh ? 0 : readBefore);
  }

  private static Failures.Failure classify(IOException e) {
    String type = e.getClass().getSimpleName();
    if (type.equals("ClientProtocolException") || type.equals("MalformedChunkCodingException")) {
      return new Failures.Failure(Outcome.INVALID, 0, type + ": " + e.getMessage());
    }
    return Failures.classify(e);
  }

  /** Closes the user's socket so that a blocked read ends (the run's abort). */
  void cancel() {
    Socket s = socket;
    if (s != null) {
      try {
        s.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }

  long replyChars() {
    return replyChars;
  }

  @Override
  public void close() {
    client.close(CloseMode.IMMEDIATE);
  }
}
