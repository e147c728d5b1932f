package io.crosscheck.agent.hooks.targets;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A child JVM target of the {@code java-http-client} hook tests: one {@link HttpClient} (HTTP/1.1),
 * two threads, each making {@code N} GETs that alternate {@code /static/SIZE} and {@code
 * /chunked/SIZE}; thread {@code send-0} calls {@code send}, thread {@code async-1} calls {@code
 * sendAsync(..).get(..)}. Prints one line per failure and {@code ok=COUNT}; exits 1 when a request
 * did not get a 200 with the whole body, and for each one that did {@code call THREAD I START_NANOS
 * END_NANOS}: nanoTime before the call and after the body was in hand.
 *
 * <p>Arguments: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
public final class JavaHttpClientTarget {
  private JavaHttpClientTarget() {}

  public static void main(String[] args) throws Exception {
    String base = args[0];
    int perThread = Integer.parseInt(args[1]);
    int bodyBytes = Integer.parseInt(args[2]);
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(10)).build();
    AtomicInteger ok = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      boolean async = t == 1;
      Thread thread = new Thread(() -> {
        for (int i = 0; i < perThread; i++) {
          String path = (i % 2 == 0 ? "/static/" : "/chunked/") + bodyBytes + "?i=" + i;
          HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20)).build();
          try {
            long startNanos = System.nanoTime();
            HttpResponse<byte[]> response = async
                ? client.sendAsync(request, HttpResponse.BodyHandlers.ofByteArray()).get(30, TimeUnit.SECONDS)
                : client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (response.statusCode() == 200 && response.body().length == bodyBytes) {
              ok.incrementAndGet();
              System.out.println("call " + Thread.currentThread().getName() + " " + i + " " + startNanos + " "
                  + System.nanoTime());
            } else {
              System.out.println("failed " + path + ": status " + response.statusCode() + ", "
                  + response.body().length + " bytes");
            }
          } catch (Exception e) {
            System.out.println("failed " + path + ": " + e);
          }
        }
      }, (async ? "async-" : "send-") + t);
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join(TimeUnit.SECONDS.toMillis(60));
    }
    System.out.println("ok=" + ok.get());
    System.exit(ok.get() == 2 * perThread ? 0 : 1);
  }
}
