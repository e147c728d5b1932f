package io.crosscheck.agent.hooks.targets;

import java.io.InputStream;
import java.util.List;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * A child JVM target of the {@code apache-httpclient} hook tests: {@link TwoThreadGets} on one
 * Apache HttpClient 5 classic client (the default pool); thread {@code handler-0} uses {@code
 * execute(request, handler)} with {@code EntityUtils.toByteArray}, thread {@code stream-1} uses
 * {@code executeOpen} and reads the entity's stream to its end before closing the response. Exits
 * 1 when a request did not get a 200 with the whole body.
 *
 * <p>Arguments: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
public final class ApacheClientTarget {
  /** The names of its two threads. */
  public static final List<String> THREADS = List.of("handler-0", "stream-1");

  private ApacheClientTarget() {}

  public static void main(String[] args) throws Exception {
    boolean allOk;
    try (CloseableHttpClient client = HttpClients.createDefault()) {
      allOk = TwoThreadGets.run(args, THREADS, (thread, url) -> {
        HttpGet get = new HttpGet(url);
        if (thread == 1) {
          try (ClassicHttpResponse response = client.executeOpen(null, get, null);
              InputStream in = response.getEntity().getContent()) {
            return new int[] {response.getCode(), in.readAllBytes().length};
          }
        }
        return client.execute(get,
            response -> new int[] {response.getCode(), EntityUtils.toByteArray(response.getEntity()).length});
      });
    }
    System.exit(allOk ? 0 : 1);
  }
}
