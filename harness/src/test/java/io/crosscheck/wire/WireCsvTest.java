package io.crosscheck.wire;

import static io.crosscheck.wire.TestFlow.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireCsvTest {
  @TempDir Path dir;

  @Test
  void secondsHaveNineDecimalsWithoutFloatingPoint() {
    assertEquals("1700000000.000000123", WireCsv.seconds(1_700_000_000_000_000_123L));
    assertEquals("0.001500000", WireCsv.seconds(1_500_000));
    assertEquals("-0.000000001", WireCsv.seconds(-1));
  }

  @Test
  void writesTheThreeFiles() throws Exception {
    try (WireCsv csv = new WireCsv(dir)) {
      WireReconstructor r = new WireReconstructor(csv);
      TestFlow f = new TestFlow(r, 40_000).handshake(0, 100, 200);
      f.client(1_000, "GET /a?x=1,2 HTTP/1.1\r\n\r\n").server(2_500, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx");
      f.client(3_000, "GET /b HTTP/1.1\r\n\r\n").serverFin(4_000);
      r.finish(at(5_000));
    }
    List<String> exchanges = Files.readAllLines(dir.resolve(WireCsv.EXCHANGES_FILE), StandardCharsets.UTF_8);
    assertEquals(List.of(WireCsv.EXCHANGES_HEADER,
        "10.0.0.1:40000,1700000000000000000,10.0.0.2:80,0,false,100,1700000000000001000,"
            + "1700000000000001000,1700000000000002500,1700000000000002500,GET,\"/a?x=1,2\",200,25,39,,false",
        "10.0.0.1:40000,1700000000000000000,10.0.0.2:80,1,false,-1,1700000000000003000,"
            + "1700000000000003000,-1,-1,GET,/b,0,19,0,no-response,false"), exchanges);
    assertEquals("connectionId,connectionOpenEpochNanos,serverAddress,requestIndex,pipelined,connectNanos,"
        + "requestStartEpochNanos,requestEndEpochNanos,firstResponseByteEpochNanos,lastResponseByteEpochNanos,"
        + "method,url,status,requestBytes,responseBytes,note,urlTruncated", WireCsv.EXCHANGES_HEADER);
    assertEquals(List.of(
        "endEpochSeconds,clientPort,connection,request,pipelined,replyTimeSeconds,responseTimeSeconds",
        "1700000000.000002500,40000,1,1,0,0.000001500,0.000001500"),
        Files.readAllLines(dir.resolve(WireCsv.RESPONSE_FILE)));
    assertEquals(List.of("epochSeconds,open,openConnections", "1700000000.000000000,1,1", "1700000000.000004000,0,0"),
        Files.readAllLines(dir.resolve(WireCsv.CONNECTION_FILE)));
  }
}
