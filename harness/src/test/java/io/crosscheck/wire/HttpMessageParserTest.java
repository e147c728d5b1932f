package io.crosscheck.wire;

import static io.crosscheck.wire.TestFlow.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Head framing in {@link HttpMessageParser}: a head parsed where it lies in one segment and a head
 * copied piece by piece across segments give the same exchange, wherever the cut falls (inside
 * the blank line's CR LF too), and the {@link WireOptions#maxHeaderBytes} limit is exact.
 */
class HttpMessageParserTest {
  private static final String REQUEST =
      "GET /split/here?q=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nX-Long: " + "v".repeat(40) + "\r\n\r\nabc";
  private static final String RESPONSE =
      "HTTP/1.1 201 Created\r\nServer: s\r\ncontent-length: 5\r\nx: y\r\n\r\nhello";

  private static WireExchange oneExchange(int requestCut, int responseCut, WireOptions options) {
    RecordingListener seen = new RecordingListener();
    WireReconstructor r = new WireReconstructor(seen, options);
    TestFlow f = new TestFlow(r, 41_000).handshake(0, 10, 20);
    if (requestCut <= 0 || requestCut >= REQUEST.length()) {
      f.client(100, REQUEST);
    } else {
      f.client(100, REQUEST.substring(0, requestCut)).client(150, REQUEST.substring(requestCut));
    }
    if (responseCut <= 0 || responseCut >= RESPONSE.length()) {
      f.server(200, RESPONSE);
    } else {
      f.server(200, RESPONSE.substring(0, responseCut)).server(250, RESPONSE.substring(responseCut));
    }
    f.clientFin(300).serverFin(310).clientAck(320);
    WireStats stats = r.finish(at(1_000));
    assertEquals(0, stats.internalErrors());
    assertEquals(1, seen.exchanges.size(), "cuts " + requestCut + "/" + responseCut + ": " + seen.exchanges);
    return seen.exchanges.get(0);
  }

  @Test
  void headsSplitAnywhereFrameLikeWholeHeads() {
    WireExchange whole = oneExchange(0, 0, WireOptions.DEFAULTS);
    assertEquals(new WireExchange("10.0.0.1:41000", at(0), "10.0.0.2:80", 0, false, 10, at(100), at(100),
        at(200), at(200), "GET", "/split/here?q=1", 201, REQUEST.length(), RESPONSE.length(), ""), whole);
    for (int cut = 1; cut < REQUEST.length(); cut++) {
      WireExchange e = oneExchange(cut, 0, WireOptions.DEFAULTS);
      assertEquals(new WireExchange("10.0.0.1:41000", at(0), "10.0.0.2:80", 0, false, 10, at(100), at(150),
          at(200), at(200), "GET", "/split/here?q=1", 201, REQUEST.length(), RESPONSE.length(), ""), e,
          "request cut at " + cut);
    }
    for (int cut = 1; cut < RESPONSE.length(); cut++) {
      WireExchange e = oneExchange(0, cut, WireOptions.DEFAULTS);
      assertEquals(new WireExchange("10.0.0.1:41000", at(0), "10.0.0.2:80", 0, false, 10, at(100), at(100),
          at(200), at(250), "GET", "/split/here?q=1", 201, REQUEST.length(), RESPONSE.length(), ""), e,
          "response cut at " + cut);
    }
  }

  @Test
  void maxHeaderBytesIsTheLongestHeadAccepted() {
    int requestHeadBytes = REQUEST.indexOf("\r\n\r\n") + 4;
    for (int cut : new int[] {0, 7, requestHeadBytes - 1}) {
      WireOptions exact = new WireOptions(0, 1 << 20, requestHeadBytes);
      assertEquals("GET", oneExchange(cut, 0, exact).method(), "limit = head, cut at " + cut);

      RecordingListener seen = new RecordingListener();
      WireReconstructor r = new WireReconstructor(seen, new WireOptions(0, 1 << 20, requestHeadBytes - 1));
      TestFlow f = new TestFlow(r, 41_001).handshake(0, 10, 20);
      if (cut == 0) {
        f.client(100, REQUEST);
      } else {
        f.client(100, REQUEST.substring(0, cut)).client(150, REQUEST.substring(cut));
      }
      f.server(200, RESPONSE);
      WireStats stats = r.finish(at(1_000));
      assertEquals(1, stats.unparsableHttp(), "limit = head - 1, cut at " + cut + ": " + stats);
      assertEquals(0, seen.exchanges.size(), "the response answers no parsed request");
    }
  }
}
