package io.crosscheck.agent.hooks.targets;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.util.EntityUtils;

/**
 * {@link ApacheClientTarget} with Apache HttpClient 4.x (JMeter's client): one client (the default
 * pool), two threads, each making {@code N} GETs that alternate {@code /static/SIZE} and {@code
 * /chunked/SIZE}; thread {@code handler-0} uses {@code execute(request, handler)} with {@code
 * EntityUtils.toByteArray}, thread {@code stream-1} uses {@code execute(request)} and reads the
 * entity's stream to its end before closing the response. Prints one line per failure, {@code call
 * THREAD I START_NANOS END_NANOS} per success and {@code ok=COUNT}; exits 1 when a request did not get a
 * 200 with the whole body.
 *
 * <p>Arguments: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
public final class ApacheClient4Target {
  private ApacheClient4Target() {}

  public static void main(String[] args) throws Exception {
    String base = args[0];
    int perThread = Integer.parseInt(args[1]);
    int bodyBytes = Integer.parseInt(args[2]);
    AtomicInteger ok = new AtomicInteger();
    try (CloseableHttpClient client = HttpClients.createDefault()) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        boolean streamed = t == 1;
        Thread thread = new Thread(() -> {
          for (int i = 0; i < perThread; i++) {
            String path = (i % 2 == 0 ? "/static/" : "/chunked/") + bodyBytes + "?i=" + i;
            HttpGet get = new HttpGet(base + path);
            try {
              long startNanos = System.nanoTime();
              int[] statusAndLength;
              if (streamed) {
                try (CloseableHttpResponse response = client.execute(get);
                    InputStream in = response.getEntity().getContent()) {
                  statusAndLength = new int[] {response.getStatusLine().getStatusCode(), in.readAllBytes().length};
                }
              } else {
                statusAndLength = client.execute(get, response -> new int[] {
                    response.getStatusLine().getStatusCode(), EntityUtils.toByteArray(response.getEntity()).length});
              }
              if (statusAndLength[0] == 200 && statusAndLength[1] == bodyBytes) {
                ok.incrementAndGet();
                System.out.println("call " + Thread.currentThread().getName() + " " + i + " " + startNanos + " "
                    + System.nanoTime());
              } else {
                System.out.println("failed " + path + ": status " + statusAndLength[0] + ", " + statusAndLength[1]
                    + " bytes");
              }
            } catch (Exception e) {
              System.out.println("failed " + path + ": " + e);
            }
          }
        }, (streamed ? "stream-" : "handler-") + t);
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join(TimeUnit.SECONDS.toMillis(60));
      }
    }
    System.out.println("ok=" + ok.get());
    System.exit(ok.get() == 2 * perThread ? 0 : 1);
  }
}
