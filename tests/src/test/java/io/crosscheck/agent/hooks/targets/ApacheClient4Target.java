package io.crosscheck.agent.hooks.targets;

import java.io.InputStream;
import java.util.List;
import org.apache.http.client.methods.CloseableHttpResponse;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.apache.http.util.EntityUtils;

/**
 * {@link ApacheClientTarget} with Apache HttpClient 4.x (JMeter's client): {@link TwoThreadGets} on
 * one client (the default pool); thread {@code handler-0} uses {@code execute(request, handler)}
 * with {@code EntityUtils.toByteArray}, thread {@code stream-1} uses {@code execute(request)} and
 * reads the entity's stream to its end before closing the response. Exits 1 when a request did not
 * get a 200 with the whole body.
 *
 * <p>Arguments: {@code BASE_URL REQUESTS_PER_THREAD BODY_BYTES}.
 */
public final class ApacheClient4Target {
  /** The names of its two threads. */
  public static final List<String> THREADS = List.of("handler-0", "stream-1");

  private ApacheClient4Target() {}

  public static void main(String[] args) throws Exception {
    boolean allOk;
    try (CloseableHttpClient client = HttpClients.createDefault()) {
      allOk = TwoThreadGets.run(args, THREADS, (thread, url) -> {
        HttpGet get = new HttpGet(url);
        if (thread == 1) {
          try (CloseableHttpResponse response = client.execute(get);
              InputStream in = response.getEntity().getContent()) {
            return new int[] {response.getStatusLine().getStatusCode(), in.readAllBytes().length};
          }
        }
        return client.execute(get, response -> new int[] {
            response.getStatusLine().getStatusCode(), EntityUtils.toByteArray(response.getEntity()).length});
      });
    }
    System.exit(allOk ? 0 : 1);
  }
}
