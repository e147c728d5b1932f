package io.crosscheck.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test helper shared by the embedded sites' tests: HTTP/1.1 GETs to a server's base URL over real
 * loopback sockets (5 s connect timeout, 20 s request timeout), counting every request it sends.
 * Thread-safe.
 */
public final class LoopbackHttp {
  /** One reply: status, content type ("" when none) and body bytes. */
  public record Page(int status, String contentType, byte[] bytes) {
    /** The body as ISO-8859-1 text. */
    public String text() {
      return new String(bytes, StandardCharsets.ISO_8859_1);
    }
  }

  private final HttpClient client =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
  private final String baseUrl;
  private final AtomicLong sent = new AtomicLong();

  /** GETs relative to {@code baseUrl} (scheme, host and port, no trailing slash). */
  public LoopbackHttp(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  /** The base URL requests are sent to. */
  public String baseUrl() {
    return baseUrl;
  }

  /** Requests sent so far. */
  public long sent() {
    return sent.get();
  }

  /** GET {@code pathAndQuery} (already encoded). */
  public Page get(String pathAndQuery) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery)).timeout(Duration.ofSeconds(20)).build();
    sent.incrementAndGet();
    HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    return new Page(response.statusCode(), response.headers().firstValue("content-type").orElse(""), response.body());
  }
}
