package io.crosscheck.tpcw.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/**
 * A request whose answer throws inside the bookstore — an {@link OutOfMemoryError} while rendering
 * (a test JVM running nine load runs beside the bookstore ran out of heap), injected here through
 * the bookstore's clock — must not leave its keep-alive connection open and silent. The reply runs
 * as a task on the event loop after the request's service demand; Netty drops what such a task
 * throws (logged through slf4j-nop: nowhere), and the connection stayed busy forever: the client's
 * request could only end as a timeout with no reply byte, the signature TpcwEndToEndTest saw once
 * ({@code outcome=TIMEOUT, connectionReused=true, responseBytes=0, detail=no complete reply within
 * 30000 ms}). The connection must close at once instead, the failure must be counted, and the
 * server must go on serving.
 *
 * <p>Plain sockets on 127.0.0.1, so the test sees exactly what the server sends and when.
 */
class TpcwFailedReplyTest {
  /** How long the client waits for the reply (or the close); the fixed server answers in ms. */
  private static final int WAIT_MILLIS = 5_000;

  @Test
  void anErrorWhileRenderingClosesTheKeepAliveConnectionAtOnceAndIsCounted() throws Exception {
    AtomicBoolean heapExhausted = new AtomicBoolean();
    LongSupplier clock = () -> {
      if (heapExhausted.get()) {
        throw new OutOfMemoryError("Java heap space (injected)");
      }
      return System.currentTimeMillis();
    };
    // default demands, DELAY mode: every reply is a task scheduled on the connection's event loop
    try (TpcwServer server = TpcwServer.start(TpcwServerConfig.defaults().withDatabase(1000, 1000), clock);
        Connection c = new Connection(server.port())) {
      String home = c.get("/tpcw/TPCW_home_interaction");
      String session = TpcwHttp.sessionId(home);
      int shop = TpcwHttp.findId(c.get("/tpcw/TPCW_shopping_cart_interaction;jsessionid=" + session
          + "?ADD_FLAG=N"), "SHOPPING_ID=");
      // a new customer's buy request reads the clock while rendering: the heap "runs out" there
      String buyRequest = "/tpcw/TPCW_buy_request_servlet;jsessionid=" + session + "?RETURNING_FLAG=N&FNAME=Abc"
          + "&LNAME=Def&STREET_1=x&STREET_2=y&CITY=c&STATE=s&ZIP=1&COUNTRY=Chad&PHONE=1&EMAIL=a%40b"
          + "&BIRTHDATE=1%2f2%2f1970&DATA=d&SHOPPING_ID=" + shop;
      heapExhausted.set(true);
      long sentNanos = System.nanoTime();
      c.send(buyRequest);
      int first;
      try {
        first = c.in.read();
      } catch (SocketTimeoutException e) {
        fail("the request sent on the reused connection got no byte of reply and the connection stayed open for "
            + WAIT_MILLIS + " ms: the client can only time out");
        return;
      }
      long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sentNanos);
      assertEquals(-1, first, "no reply byte after the failure: the connection closes (end of stream)");
      assertTrue(waitedMillis < 2_000, "closed at once, not after a timeout: " + waitedMillis + " ms");
      assertEquals(1, server.counters().requestsFailed(), server.counters().describe());
      assertTrue(server.counters().describe().contains(", failed 1,"), server.counters().describe());

      heapExhausted.set(false);
      try (Connection again = new Connection(server.port())) {
        assertTrue(again.get(buyRequest).contains("Firstname:"), "the same request, on a new connection, is served");
        assertTrue(again.get("/tpcw/TPCW_search_request_servlet;jsessionid=" + session + "?C_ID=4")
            .contains("Search Request Page"), "and the next one on it");
      }
      assertEquals(1, server.counters().requestsFailed(), server.counters().describe());
    }
  }

  /** One keep-alive HTTP/1.1 connection on a plain socket; replies must carry Content-Length. */
  private static final class Connection implements AutoCloseable {
    final Socket socket = new Socket();
    final InputStream in;

    Connection(int port) throws IOException {
      socket.connect(new InetSocketAddress("127.0.0.1", port), WAIT_MILLIS);
      socket.setSoTimeout(WAIT_MILLIS);
      in = new BufferedInputStream(socket.getInputStream());
    }

    void send(String target) throws IOException {
      socket.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      socket.getOutputStream().flush();
    }

    /** GET that must answer 200; the body as text. */
    String get(String target) throws IOException {
      send(target);
      String status = line();
      assertTrue(status.startsWith("HTTP/1.1 200 "), target + ": " + status);
      int length = -1;
      for (String h = line(); !h.isEmpty(); h = line()) {
        if (h.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
          length = Integer.parseInt(h.substring(h.indexOf(':') + 1).strip());
        }
      }
      assertTrue(length >= 0, target + ": no Content-Length");
      return new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }

    private String line() throws IOException {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      for (int ch = in.read(); ch != '\n'; ch = in.read()) {
        if (ch < 0) {
          throw new IOException("connection closed mid-reply");
        }
        if (ch != '\r') {
          b.write(ch);
        }
      }
      return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
