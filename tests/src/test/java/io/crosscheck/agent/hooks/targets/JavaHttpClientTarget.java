package io.crosscheck.agent.hooks.targets;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM target of the {@code java-http-client} hook tests: {@link TwoThreadGets} on one {@link
 * HttpClient} (HTTP/1.1); thread {@code send-0} calls {@code send}, thread {@code async-1} calls
 * {@code sendAsync(..).get(..)}. Exits 1 when a request did not get a 200 with the whole body.
 *
 * <p>Arguments: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
public final class JavaHttpClientTarget {
  /** The names of its two threads. */
  public static final List<String> THREADS = List.of("send-0", "async-1");

  private JavaHttpClientTarget() {}

  public static void main(String[] args) throws Exception {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
    boolean allOk = TwoThreadGets.run(args, THREADS, (thread, url) -> {
      HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build();
      HttpResponse<byte[]> response = thread == 1
          ? client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).get(30, TimeUnit.SECONDS)
          : client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return new int[] {response.statusCode(), response.body().length};
    });
    System.exit(allOk ? 0 : 1);
  }
}
