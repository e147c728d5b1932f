package io.crosscheck.agent.hooks.targets;

import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * A generator on Apache HttpClient 5 classic that never reads a body itself: each {@link #page} call
 * fetches {@code /static/SIZE} and {@code /chunked/SIZE} and lets {@code EntityUtils.consume} close
 * the entity (the client then consumes the rest of the body), the idiom most Apache users write.
 * {@code page} is the reported interval of the test.
 *
 * <p>Usage: {@code ApacheConsumeTarget BASE_URL PAGES BODY_BYTES}; prints {@code pages N}.
 */
public final class ApacheConsumeTarget {
  private ApacheConsumeTarget() {}

  /** One reported figure: two exchanges, bodies consumed by closing. */
  static void page(CloseableHttpClient client, String base, int bodyBytes) throws Exception {
    for (String path : new String[] {"/static/", "/chunked/"}) {
      try (CloseableHttpResponse r = client.execute(new HttpGet(base + path + bodyBytes))) {
        EntityUtils.consume(r.getEntity());
      }
    }
  }

  public static void main(String[] args) throws Exception {
    int pages = Integer.parseInt(args[1]);
    int bodyBytes = Integer.parseInt(args[2]);
    try (CloseableHttpClient client = HttpClients.createDefault()) {
      for (int i = 0; i < pages; i++) {
        page(client, args[0], bodyBytes);
      }
    }
    System.out.println("pages " + pages);
  }
}
