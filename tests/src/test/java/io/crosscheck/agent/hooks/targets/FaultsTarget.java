package io.crosscheck.agent.hooks.targets;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * A child JVM target of the hook tests' failure cases: on one thread ({@code faults-0}), with one
 * client ({@code jdk}: java.net.http.HttpClient, HTTP/1.1; {@code apache}: Apache HttpClient 5
 * classic; {@code apache4}: Apache HttpClient 4.x), one GET of each of {@link #PATHS} on the
 * embedded server, then one to a port nothing listens on ({@code /refused}). Prints {@code result
 * PATH STATUS|EXCEPTION} per request; always exits 0 (the failures are the point).
 *
 * <p>Arguments: {@code jdk|apache|apache4 BASE_URL REFUSED_PORT}.
 */
public final class FaultsTarget {
  public static final List<String> PATHS = List.of("/fault/status/503", "/fault/reset", "/fault/close-mid-body",
      "/fault/garbage", "/static/1k");

  private FaultsTarget() {}

  public static void main(String[] args) throws Exception {
    String client = args[0];
    String base = args[1];
    String refused = "http://127.0.0.1:" + args[2] + "/refused";
    Thread t = new Thread(() -> {
      HttpClient jdkClient = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10)).build();
      try (CloseableHttpClient apache = HttpClients.createDefault();
          org.apache.http.impl.client.CloseableHttpClient apache4 =
              org.apache.http.impl.client.HttpClients.createDefault()) {
        for (String url : Stream.concat(PATHS.stream().map(p -> base + p), Stream.of(refused)).toList()) {
          String result;
          try {
            if (client.equals("jdk")) {
              HttpResponse<byte[]> r = jdkClient.send(HttpRequest.newBuilder(URI.create(url))
                  .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofByteArray());
              result = Integer.toString(r.statusCode());
            } else if (client.equals("apache4")) {
              result = apache4.execute(new org.apache.http.client.methods.HttpGet(url), r -> r.getStatusLine()
                  .getStatusCode() + " " + org.apache.http.util.EntityUtils.toByteArray(r.getEntity()).length);
            } else {
              result = apache.execute(new HttpGet(url),
                  r -> r.getCode() + " " + EntityUtils.toByteArray(r.getEntity()).length);
            }
          } catch (Exception e) {
            result = e.toString();
          }
          System.out.println("result " + URI.create(url).getPath() + " " + result);
        }
      } catch (Exception e) {
        System.out.println("client: " + e);
      }
    }, "faults-0");
    t.start();
    t.join(TimeUnit.SECONDS.toMillis(60));
    System.exit(0);
  }
}
