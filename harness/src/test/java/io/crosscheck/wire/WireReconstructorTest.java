package io.crosscheck.wire;

import static io.crosscheck.wire.TestFlow.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.wire.ConnectionEvent.Kind;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class WireReconstructorTest {
  private final RecordingListener seen = new RecordingListener();
  private final WireReconstructor reconstructor = new WireReconstructor(seen);

  static String get(String url) {
    return "GET " + url + " HTTP/1.1\r\nHost: h\r\n\r\n";
  }

  static String ok(String body) {
    return "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body;
  }

  private WireStats finish() {
    return reconstructor.finish(at(1_000_000_000));
  }

  @Test
  void keepAliveConnectionWithThreeRequests() {
    TestFlow f = new TestFlow(reconstructor, 40_000).handshake(0, 100, 200);
    f.client(1_000, get("/a")).server(2_000, ok("hello")).clientAck(2_100);
    f.client(3_000, get("/bb"));
    String second = ok("0123456789");
    f.server(4_000, second.substring(0, 30)).server(4_500, second.substring(30));
    f.client(5_000, get("/c")).server(6_000, ok(""));
    f.clientFin(7_000).serverFin(7_100).clientAck(7_200);
    WireStats stats = finish();

    assertEquals(3, seen.exchanges.size());
    WireExchange a = seen.exchanges.get(0);
    assertEquals(new WireExchange("10.0.0.1:40000", at(0), "10.0.0.2:80", 0, false, 100, at(1_000),
        at(1_000), at(2_000), at(2_000), "GET", "/a", 200, get("/a").length(), ok("hello").length(), ""), a);
    WireExchange b = seen.exchanges.get(1);
    assertEquals(new WireExchange("10.0.0.1:40000", at(0), "10.0.0.2:80", 1, false, -1, at(3_000),
        at(3_000), at(4_000), at(4_500), "GET", "/bb", 200, get("/bb").length(), second.length(), ""), b);
    WireExchange c = seen.exchanges.get(2);
    assertEquals(2, c.requestIndex());
    assertEquals(at(6_000), c.lastResponseByteEpochNanos());
    assertEquals(1_000, c.responseTimeNanos());
    assertEquals(List.of(
        new ConnectionEvent(at(0), Kind.OPEN, "10.0.0.1:40000", at(0), 1),
        new ConnectionEvent(at(200), Kind.ESTABLISHED, "10.0.0.1:40000", at(0), 1),
        new ConnectionEvent(at(7_000), Kind.CLOSE, "10.0.0.1:40000", at(0), 0)), seen.events);
    assertEquals(1, stats.connections());
    assertEquals(3, stats.exchanges());
    assertEquals(0, stats.internalErrors());
    assertEquals(0, stats.midConnectionStarts());
  }

  @Test
  void pipelinedRequestsInOneSegmentAndSeparately() {
    TestFlow f = new TestFlow(reconstructor, 40_001).handshake(0, 10, 20);
    f.client(100, get("/1") + get("/2"));
    f.server(200, ok("one")).server(300, ok("two"));
    f.client(400, get("/3")).server(500, ok("three"));
    f.client(600, get("/4")).client(610, get("/5"));
    f.server(700, ok("four") + ok("five"));
    finish();
    assertEquals(List.of("/1", "/2", "/3", "/4", "/5"), seen.exchanges.stream().map(WireExchange::url).toList());
    assertEquals(List.of(false, true, false, false, true), seen.exchanges.stream().map(WireExchange::pipelined).toList());
    WireExchange second = seen.exchanges.get(1);
    assertEquals(at(100), second.requestStartEpochNanos());
    assertEquals(at(300), second.firstResponseByteEpochNanos());
    assertEquals(at(700), seen.exchanges.get(4).lastResponseByteEpochNanos());
    assertEquals(ok("five").length(), seen.exchanges.get(4).responseBytes());
  }

  @Test
  void chunkedResponseWithChunkHeadersAcrossSegments() {
    TestFlow f = new TestFlow(reconstructor, 40_002).handshake(0, 10, 20);
    f.client(100, get("/chunked"));
    String head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
    String[] parts = {head + "5\r\nhel", "lo\r\n1", "0;ext=1\r\n0123456789abcdef\r\n0\r", "\nTrailer: x\r\n\r", "\n"};
    long t = 200;
    int total = 0;
    for (String p : parts) {
      f.server(t, p);
      t += 100;
      total += p.length();
    }
    f.client(1_000, get("/next")).server(1_100, ok("n"));
    finish();
    assertEquals(2, seen.exchanges.size());
    WireExchange e = seen.exchanges.get(0);
    assertEquals(at(200), e.firstResponseByteEpochNanos());
    assertEquals(at(600), e.lastResponseByteEpochNanos());
    assertEquals(total, e.responseBytes());
    assertEquals("", e.note());
    assertEquals("", seen.exchanges.get(1).note());
  }

  @Test
  void closeDelimitedResponseEndsAtFinWithLastDataSegment() {
    TestFlow f = new TestFlow(reconstructor, 40_003).handshake(0, 10, 20);
    f.client(100, get("/old"));
    f.server(200, "HTTP/1.0 200 OK\r\n\r\nfirst").server(300, "second").serverFin(400);
    f.clientFin(500);
    finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("", e.note());
    assertEquals(at(300), e.lastResponseByteEpochNanos());
    assertEquals("HTTP/1.0 200 OK\r\n\r\nfirstsecond".length(), e.responseBytes());
  }

  @Test
  void headResponseHasNoBody() {
    TestFlow f = new TestFlow(reconstructor, 40_004).handshake(0, 10, 20);
    f.client(100, "HEAD /x HTTP/1.1\r\n\r\n").server(200, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
    f.client(300, get("/y")).server(400, ok("y"));
    finish();
    assertEquals(2, seen.exchanges.size());
    assertEquals("HEAD", seen.exchanges.get(0).method());
    assertEquals(at(200), seen.exchanges.get(0).lastResponseByteEpochNanos());
    assertEquals("", seen.exchanges.get(1).note());
    assertEquals(at(400), seen.exchanges.get(1).lastResponseByteEpochNanos());
  }

  @Test
  void continueThenFinalResponse() {
    TestFlow f = new TestFlow(reconstructor, 40_005).handshake(0, 10, 20);
    String head = "POST /up HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n";
    f.client(100, head).server(200, "HTTP/1.1 100 Continue\r\n\r\n").client(300, "abcde");
    f.server(400, ok("done"));
    finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals(200, e.status());
    assertEquals(at(300), e.requestEndEpochNanos());
    assertEquals(head.length() + 5, e.requestBytes());
    assertEquals(at(200), e.firstResponseByteEpochNanos());
    assertEquals(at(400), e.lastResponseByteEpochNanos());
    assertEquals("HTTP/1.1 100 Continue\r\n\r\n".length() + ok("done").length(), e.responseBytes());
  }

  @Test
  void noContentAndNotModifiedHaveNoBody() {
    TestFlow f = new TestFlow(reconstructor, 40_006).handshake(0, 10, 20);
    f.client(100, get("/204")).server(200, "HTTP/1.1 204 No Content\r\nContent-Length: 9\r\n\r\n");
    f.client(300, get("/304")).server(400, "HTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n");
    f.client(500, get("/200")).server(600, ok("x"));
    finish();
    assertEquals(List.of(204, 304, 200), seen.exchanges.stream().map(WireExchange::status).toList());
    assertTrue(seen.exchanges.stream().allMatch(WireExchange::complete));
  }

  @Test
  void retransmissionKeepsFirstTransmissionAndCountsOnce() {
    TestFlow f = new TestFlow(reconstructor, 40_007).handshake(0, 10, 20);
    int requestSeq = f.clientSeq;
    f.client(100, get("/r"));
    f.raw(true, 150, requestSeq, f.serverSeq, TestFrames.ACK, get("/r").getBytes(StandardCharsets.ISO_8859_1));
    String response = ok("0123456789");
    int seq = f.serverSeq;
    f.server(200, response.substring(0, 20)).server(300, response.substring(20));
    f.raw(false, 350, seq, f.clientSeq, TestFrames.ACK, response.substring(0, 20).getBytes(StandardCharsets.ISO_8859_1));
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals(at(100), e.requestStartEpochNanos());
    assertEquals(at(100), e.requestEndEpochNanos());
    assertEquals(at(300), e.lastResponseByteEpochNanos());
    assertEquals(response.length(), e.responseBytes());
    assertEquals(get("/r").length() + 20, stats.retransmittedBytes());
  }

  @Test
  void outOfOrderSegmentsWaitForTheHole() {
    TestFlow f = new TestFlow(reconstructor, 40_008).handshake(0, 10, 20);
    f.client(100, get("/o"));
    String response = ok("abcdefghij");
    byte[] bytes = response.getBytes(StandardCharsets.ISO_8859_1);
    f.serverSlice(200, bytes, 30, bytes.length);
    f.serverSlice(250, bytes, 0, 30);
    f.serverSeq += bytes.length;
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("", e.note());
    assertEquals(at(250), e.firstResponseByteEpochNanos());
    assertEquals(at(250), e.lastResponseByteEpochNanos(), "complete when the hole filled");
    assertEquals(bytes.length, e.responseBytes());
    assertEquals(1, stats.outOfOrderSegments());
  }

  @Test
  void overlappingSegmentContributesOnlyNewBytes() {
    TestFlow f = new TestFlow(reconstructor, 40_009).handshake(0, 10, 20);
    f.client(100, get("/v"));
    byte[] bytes = ok("abcdefghij").getBytes(StandardCharsets.ISO_8859_1);
    f.serverSlice(200, bytes, 0, 30);
    f.serverSlice(300, bytes, 25, bytes.length);
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals(bytes.length, e.responseBytes());
    assertEquals(at(300), e.lastResponseByteEpochNanos());
    assertEquals(5, stats.overlappingBytes());
  }

  @Test
  void zeroWindowProbesDoNotDisturbTheStream() {
    TestFlow f = new TestFlow(reconstructor, 40_010).handshake(0, 10, 20);
    f.client(100, get("/z"));
    byte[] bytes = ok("abcdefghij").getBytes(StandardCharsets.ISO_8859_1);
    f.serverSlice(200, bytes, 0, 20);
    // probe with 1 byte already sent, then with the next (future) byte, then the rest
    f.serverSlice(300, bytes, 19, 20);
    f.serverSlice(400, bytes, 20, 21);
    f.serverSlice(500, bytes, 20, bytes.length);
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("", e.note());
    assertEquals(bytes.length, e.responseBytes());
    assertEquals(at(500), e.lastResponseByteEpochNanos());
    assertEquals(1, stats.retransmittedBytes());
    assertEquals(1, stats.overlappingBytes());
  }

  @Test
  void resetMidResponse() {
    TestFlow f = new TestFlow(reconstructor, 40_011).handshake(0, 10, 20);
    String head = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n";
    f.client(100, get("/big")).server(200, head + "x".repeat(50)).serverRst(300);
    f.clientRst(400);
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("reset", e.note());
    assertEquals(head.length() + 50, e.responseBytes());
    assertEquals(at(200), e.lastResponseByteEpochNanos());
    assertEquals(List.of(Kind.OPEN, Kind.ESTABLISHED, Kind.CLOSE), seen.events.stream().map(ConnectionEvent::kind).toList());
    assertEquals(1, stats.strayControlSegments());
  }

  @Test
  void captureStartingMidConnection() {
    TestFlow f = new TestFlow(reconstructor, 40_012);
    f.server(100, "tail of a body from before the capture").clientAck(150);
    f.client(200, get("/mid")).server(300, ok("m"));
    f.client(400, get("/mid2")).server(500, ok("n"));
    WireStats stats = finish();
    assertEquals(2, seen.exchanges.size());
    WireExchange e = seen.exchanges.get(0);
    assertEquals(0, e.requestIndex());
    assertEquals("/mid", e.url());
    assertEquals(at(100), e.connectionOpenEpochNanos());
    assertEquals(-1, e.connectNanos());
    assertEquals("10.0.0.1:40012", e.connectionId());
    assertEquals(1, stats.midConnectionStarts());
    assertEquals(List.of(Kind.OPEN, Kind.ESTABLISHED), seen.events.stream().map(ConnectionEvent::kind).toList());
    assertEquals(at(100), seen.events.get(0).epochNanos());
  }

  @Test
  void midConnectionResponseWithoutItsRequestIsIgnored() {
    TestFlow f = new TestFlow(reconstructor, 40_013);
    f.server(100, ok("orphan"));
    f.client(200, get("/after")).server(300, ok("a"));
    WireStats stats = finish();
    assertEquals(1, seen.exchanges.size());
    assertEquals("/after", seen.exchanges.get(0).url());
    assertEquals(at(300), seen.exchanges.get(0).firstResponseByteEpochNanos());
    assertEquals(1, stats.unmatchedResponses());
  }

  @Test
  void reusedPortMakesTwoConnections() {
    TestFlow first = new TestFlow(reconstructor, 40_014).handshake(0, 10, 20);
    first.client(100, get("/1")).server(200, ok("1")).clientFin(300).serverFin(310).clientAck(320);
    TestFlow second = new TestFlow(reconstructor, "10.0.0.1", 40_014, "10.0.0.2", 80, 9_000_000, 70_000);
    second.handshake(1_000, 1_010, 1_020);
    second.client(1_100, get("/2")).server(1_200, ok("2"));
    // TIME_WAIT reuse: FINs seen, no final ACK, new SYN
    second.clientFin(1_300).serverFin(1_310);
    TestFlow third = new TestFlow(reconstructor, "10.0.0.1", 40_014, "10.0.0.2", 80, 123_456, 80_000);
    third.handshake(2_000, 2_010, 2_020).client(2_100, get("/3")).server(2_200, ok("3"));
    WireStats stats = finish();
    assertEquals(3, stats.connections());
    assertEquals(List.of(at(0), at(1_000), at(2_000)),
        seen.exchanges.stream().map(WireExchange::connectionOpenEpochNanos).toList());
    assertTrue(seen.exchanges.stream().allMatch(e -> e.requestIndex() == 0 && e.complete() && e.connectNanos() == 10));
    assertEquals(List.of(1, 1, 0, 1, 1, 0, 1, 1),
        seen.events.stream().map(ConnectionEvent::openConnections).toList());
  }

  @Test
  void ipv6Connection() {
    TestFlow f = new TestFlow(reconstructor, "2001:db8::1", 40_015, "2001:db8::2", 8080, 5, 6).handshake(0, 10, 20);
    f.client(100, get("/six")).server(200, ok("6"));
    finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("[2001:db8::1]:40015", e.connectionId());
    assertEquals("[2001:db8::2]:8080", e.serverAddress());
    assertEquals("", e.note());
  }

  @Test
  void snapLengthTruncatedBodyIsStillCounted() {
    TestFlow f = new TestFlow(reconstructor, 40_016).handshake(0, 10, 20);
    f.snapLength = 512;
    f.client(100, get("/64k"));
    String head = "HTTP/1.1 200 OK\r\nContent-Length: 65536\r\n\r\n";
    byte[] response = (head + "b".repeat(65_536)).getBytes(StandardCharsets.ISO_8859_1);
    long t = 200;
    int segments = 0;
    for (int at = 0; at < response.length; at += 1_448, t += 10, segments++) {
      f.server(t, java.util.Arrays.copyOfRange(response, at, Math.min(response.length, at + 1_448)));
    }
    f.client(t + 100, get("/after")).server(t + 200, ok("z"));
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("", e.note());
    assertEquals(response.length, e.responseBytes());
    assertEquals(at(t - 10), e.lastResponseByteEpochNanos());
    assertEquals(segments - 1, stats.truncatedSegments(), "the last, short segment fits in 512 bytes");
    assertEquals("", seen.exchanges.get(1).note());
    assertEquals(0, stats.gapBytes());
  }

  @Test
  void snapLengthCutChunkHeadersEndAtNextResponse() {
    TestFlow f = new TestFlow(reconstructor, 40_017).handshake(0, 10, 20);
    f.snapLength = 100;
    f.client(100, get("/c"));
    f.server(200, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + "1f4\r\n" + "c".repeat(500) + "\r\n");
    f.server(300, "1f4\r\n" + "c".repeat(500) + "\r\n0\r\n\r\n");
    f.client(400, get("/d")).server(500, ok("d"));
    finish();
    assertEquals(2, seen.exchanges.size());
    WireExchange e = seen.exchanges.get(0);
    assertEquals("truncated", e.note());
    assertEquals(200, e.status());
    assertEquals(at(300), e.lastResponseByteEpochNanos());
    assertEquals("", seen.exchanges.get(1).note());
  }

  /** Ethernet + IPv4 + TCP without options, as {@link TestFrames} builds them. */
  private static final int FRAME_HEADER_BYTES = 14 + 20 + 20;

  @Test
  void requestLineCutBySnapLengthKeepsMethodAndUrlPrefix() {
    TestFlow f = new TestFlow(reconstructor, 40_020).handshake(0, 10, 20);
    f.snapLength = 512;
    String longUrl = "/servlet/RegisterItem?name=item&description=" + "d".repeat(1_200) + "&userId=7";
    String longRequest = get(longUrl);
    f.client(100, longRequest).server(200, ok("registered"));
    // the same target cut in its protocol version: the target itself is whole
    int versionCut = 512 - FRAME_HEADER_BYTES - "GET ".length() - " HTTP".length();
    String fitting = "/f" + "x".repeat(versionCut - 2);
    f.client(300, get(fitting)).server(400, ok("fits"));
    f.client(500, "HEAD " + longUrl + " HTTP/1.1\r\n\r\n").server(600, "HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n");
    f.client(700, get("/after")).server(800, ok("z"));
    WireStats stats = finish();
    assertEquals(4, seen.exchanges.size(), seen.exchanges.toString());

    WireExchange cut = seen.exchanges.get(0);
    int captured = 512 - FRAME_HEADER_BYTES - "GET ".length();
    assertEquals("GET", cut.method());
    assertEquals(longUrl.substring(0, captured), cut.url());
    assertTrue(cut.urlTruncated());
    assertEquals(longRequest.length(), cut.requestBytes(), "the request's length from sequence numbers");
    assertEquals(200, cut.status());
    assertEquals("", cut.note(), "the response was framed as usual");

    WireExchange whole = seen.exchanges.get(1);
    assertEquals(fitting, whole.url());
    assertFalse(whole.urlTruncated(), "the cut fell after the target");
    assertEquals(1, whole.requestIndex());

    WireExchange head = seen.exchanges.get(2);
    assertEquals("HEAD", head.method());
    assertTrue(head.urlTruncated());
    assertEquals("", head.note(), "a cut HEAD request is still known as HEAD: its response has no body");

    WireExchange after = seen.exchanges.get(3);
    assertEquals("/after", after.url());
    assertFalse(after.urlTruncated());
    assertEquals("", after.note());
    assertEquals(0, stats.unparsableHttp());
  }

  @Test
  void requestLineSplitAcrossSegmentsThenCutKeepsEveryCapturedByte() {
    TestFlow f = new TestFlow(reconstructor, 40_021).handshake(0, 10, 20);
    String url = "/long?q=" + "a".repeat(2_000);
    String request = get(url);
    // the first segment is whole (a real network's MSS), the second is cut after 100 payload bytes
    f.client(100, request.substring(0, 1_448));
    f.snapLength = FRAME_HEADER_BYTES + 100;
    f.client(110, request.substring(1_448));
    f.snapLength = 0;
    f.server(200, ok("ok"));
    finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("GET", e.method());
    assertEquals(url.substring(0, 1_448 + 100 - "GET ".length()), e.url());
    assertTrue(e.urlTruncated());
    assertEquals(request.length(), e.requestBytes());
    assertEquals(at(110), e.requestEndEpochNanos());
    assertEquals("", e.note());
  }

  @Test
  void requestWhoseMethodWasNotCapturedStaysUnknown() {
    TestFlow f = new TestFlow(reconstructor, 40_022).handshake(0, 10, 20);
    f.snapLength = FRAME_HEADER_BYTES + 2;
    f.client(100, get("/x"));
    f.snapLength = 0;
    f.server(200, ok("x"));
    finish();
    WireExchange e = seen.exchanges.get(0);
    assertEquals("", e.method());
    assertEquals("", e.url());
    assertFalse(e.urlTruncated(), "nothing of the target was seen: no prefix to match by");
    assertEquals(200, e.status());
  }

  @Test
  void sequenceNumbersWrapAround() {
    TestFlow f = new TestFlow(reconstructor, "10.0.0.1", 40_018, "10.0.0.2", 80, 0xFFFFFFF0, 0xFFFFFFE0).handshake(0, 10, 20);
    for (int i = 0; i < 3; i++) {
      f.client(100 + i * 100, get("/w" + i)).server(150 + i * 100, ok("wrap" + i));
    }
    finish();
    assertEquals(3, seen.exchanges.size());
    assertTrue(seen.exchanges.stream().allMatch(WireExchange::complete));
    assertEquals(ok("wrap2").length(), seen.exchanges.get(2).responseBytes());
  }

  @Test
  void garbagePayloadIsCountedNotThrown() {
    TestFlow f = new TestFlow(reconstructor, 40_019).handshake(0, 10, 20);
    f.client(100, new byte[] {0, 1, 2, 3, (byte) 0xff, 'G', 'E', 'T'});
    f.server(200, "\u0016\u0003\u0001 not http");
    f.client(300, "GARBAGE WITHOUT NEWLINE" + "x".repeat(100));
    WireStats stats = finish();
    assertEquals(0, seen.exchanges.size());
    assertTrue(stats.unparsableHttp() >= 2, "unparsable " + stats.unparsableHttp());
    assertEquals(0, stats.internalErrors());
  }

  @Test
  void malformedHeadersAreCountedByReason() {
    TestFlow f = new TestFlow(reconstructor, 40_020);
    byte[] good = TestFrames.ethernet(f.clientIp, f.serverIp, 1, 2, 0, 0, TestFrames.ACK, new byte[10]);
    byte[] longTotal = good.clone();
    longTotal[14 + 2] = 0x7f; // IP total length beyond the frame
    byte[] shortIhl = good.clone();
    shortIhl[14] = 0x44; // IHL 4 words
    byte[] shortTcp = good.clone();
    shortTcp[14 + 20 + 12] = 0x30; // TCP data offset 3 words
    byte[] cut = java.util.Arrays.copyOf(good, 20);
    byte[] arp = good.clone();
    arp[12] = 0x08;
    arp[13] = 0x06;
    byte[] udp = good.clone();
    udp[14 + 9] = 17;
    for (byte[] frame : List.of(longTotal, shortIhl, shortTcp, arp, udp)) {
      f.feed(at(1), frame, 0);
    }
    reconstructor.packet(at(2), 1, cut, 0, cut.length, cut.length);
    reconstructor.packet(at(3), 9999, good, 0, good.length, good.length);
    WireStats stats = finish();
    assertEquals(5, stats.malformedPackets());
    assertEquals(java.util.Map.of("ip-total-length", 1L, "ip-header-length", 1L, "tcp-header-length", 1L,
        "link-truncated", 1L, "unsupported-link-type", 1L), stats.malformedByReason());
    assertEquals(1, stats.nonIpPackets());
    assertEquals(1, stats.nonTcpPackets());
    assertEquals(7, stats.packets());
  }

  @Test
  void connectionEventsCountOpenConnections() {
    TestFlow a = new TestFlow(reconstructor, 41_000).handshake(0, 10, 20);
    TestFlow b = new TestFlow(reconstructor, 41_001).handshake(30, 40, 50);
    a.client(100, get("/a")).server(110, ok("a"));
    b.clientFin(200).serverFin(210);
    a.serverRst(300);
    finish();
    List<String> got = seen.events.stream().map(e -> e.kind() + "@" + (e.epochNanos() - TestFlow.BASE) + "=" + e.openConnections()).toList();
    assertEquals(List.of("OPEN@0=1", "ESTABLISHED@20=1", "OPEN@30=2", "ESTABLISHED@50=2", "CLOSE@200=1", "CLOSE@300=0"), got);
    assertEquals(0, reconstructor.openConnections());
  }

  @Test
  void unfinishedExchangesGetNotes() {
    TestFlow a = new TestFlow(reconstructor, 42_000).handshake(0, 10, 20);
    a.client(100, get("/never")).serverFin(200);
    TestFlow b = new TestFlow(reconstructor, 42_001).handshake(0, 10, 20);
    b.client(100, get("/partial")).server(150, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc").serverFin(200);
    TestFlow c = new TestFlow(reconstructor, 42_002).handshake(0, 10, 20);
    c.client(100, get("/waiting"));
    finish();
    assertEquals(List.of("no-response", "closed", "capture-ended"), seen.exchanges.stream().map(WireExchange::note).toList());
    assertFalse(seen.exchanges.get(2).complete());
    assertEquals(-1, seen.exchanges.get(2).firstResponseByteEpochNanos());
  }

  @Test
  void capturedLossIsAGapOfKnownLength() {
    TestFlow f = new TestFlow(reconstructor, 40_021).handshake(0, 10, 20);
    f.client(100, get("/lost"));
    byte[] bytes = ok("x".repeat(100)).getBytes(StandardCharsets.ISO_8859_1);
    f.serverSlice(200, bytes, 0, 50);
    // bytes 50..80 never captured
    f.serverSlice(300, bytes, 80, bytes.length);
    f.serverSeq += bytes.length;
    f.clientAck(400);
    WireStats stats = finish();
    WireExchange e = seen.exchanges.get(0);
    // framed (known length), but its last bytes waited behind the loss, known only at the ACK
    assertEquals("instant-not-captured", e.note());
    assertFalse(e.complete());
    assertEquals(bytes.length, e.responseBytes());
    assertEquals(at(400), e.lastResponseByteEpochNanos());
    assertEquals(30, stats.gapBytes());
  }

  @Test
  void timestampsRunningBackwardsGiveAnImpossibleExchangeNeverANegativeTime() {
    // file order right, timestamps wrong: the response's packet is stamped 100 us before its request's
    TestFlow f = new TestFlow(reconstructor, 40_000).handshake(0, 100, 200);
    f.client(300_000, get("/a")).server(200_000, ok("x")).clientAck(300_100);
    WireStats stats = finish();

    assertEquals(1, seen.exchanges.size());
    WireExchange e = seen.exchanges.get(0);
    assertEquals("timestamps-backwards", e.note());
    assertFalse(e.complete(), "no wire time may be taken from it");
    assertEquals(1, stats.impossibleExchanges());
    assertEquals(1, stats.packetsBackInTime());
    assertEquals(100_000, stats.maxStepBackNanos());
    assertEquals(1, stats.dataSegmentsBackInTimeOnConnection());
    assertEquals(1, stats.connectionsBackInTime());
    assertTrue(stats.outOfOrder());
  }

  @Test
  void connectionsInterleavedOutOfOrderAreCountedAndStillRebuiltRight() {
    // a multi-queue capture: each connection in order, the two interleaved with the second one's
    // packets written after the first one's later ones
    TestFlow a = new TestFlow(reconstructor, 40_001).handshake(1_000, 1_100, 1_200);
    TestFlow b = new TestFlow(reconstructor, 40_002).handshake(900, 1_000, 1_050);
    a.client(2_000, get("/a")).server(2_100, ok("a"));
    b.client(1_950, get("/b")).server(2_050, ok("b"));
    // a pure ACK racing the other side's data on one connection: harmless, counted apart
    b.client(3_000, get("/c")).serverAck(2_990).server(3_100, ok("c"));
    // and both sides closing at once, the server's FIN stamped first and written second
    b.clientFin(3_200).serverFin(3_190);
    WireStats stats = finish();

    assertEquals(3, seen.exchanges.size());
    for (WireExchange e : seen.exchanges) {
      assertTrue(e.complete(), e.toString());
      assertEquals(100, e.responseTimeNanos(), e.toString());
    }
    assertEquals(0, stats.impossibleExchanges());
    assertEquals(0, stats.dataSegmentsBackInTimeOnConnection());
    assertEquals(0, stats.connectionsBackInTime());
    assertEquals(2, stats.segmentsBackInTimeOnConnection(), "the racing ACK and FIN");
    assertFalse(stats.outOfOrder());
    // b's handshake (900, 1,000, 1,050) after a's ACK (1,200), b's exchange (1,950, 2,050) after a's reply
    // (2,100), the racing ACK (2,990) after b's request (3,000), the racing FIN (3,190) after b's (3,200)
    assertEquals(7, stats.packetsBackInTime());
    assertEquals(300, stats.maxStepBackNanos());
  }
}
