package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.onlyProblem;
import static io.crosscheck.model.spec.SpecAssertions.problems;
import static io.crosscheck.model.spec.SpecAssertions.resource;
import static io.crosscheck.model.spec.SpecAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.crosscheck.model.SessionSource;
import io.crosscheck.model.SessionSource.WsRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WsessLogParserTest {
  @TempDir Path dir;

  private static WorkloadSpec wsesslog(String path) {
    WorkloadSpec s = new WorkloadSpec();
    s.wsesslog = path;
    return s;
  }

  @Test
  void parsesARealisticFileWithBurstsThinkAndPosts() throws SpecException {
    String path = resource("/wsesslog/rubis-like.log");
    SessionSource.WsessLog log = (SessionSource.WsessLog) wsesslog(path).build().source();
    assertEquals(path, log.source());
    assertEquals(3, log.sessions().size());
    assertEquals(List.of(
        new WsRequest("GET", "/index.html", "", 2_000_000_000L, false, 4),
        new WsRequest("GET", "/images/logo.gif", "", -1, true, 5),
        new WsRequest("GET", "/images/bg.jpg", "", -1, true, 6),
        new WsRequest("GET", "/servlet/BrowseCategories", "", 1_500_000_000L, false, 7),
        new WsRequest("GET", "/images/cat.gif", "", -1, true, 8),
        new WsRequest("GET", "/servlet/SearchItemsByCategory?category=3&page=0", "", -1, false, 9)),
        log.sessions().get(0).requests());
    assertEquals(List.of(
        new WsRequest("POST", "/servlet/RegisterUser", "firstname=Ann&lastname=Lee&nickname=ann 2",
            750_000_000L, false, 12),
        // the burst member's think=3 is the think time after the whole burst, as in httperf
        new WsRequest("POST", "/servlet/StoreBid", "itemId=17&bid=12.50\nmaxBid=15", 3_000_000_000L, false, 13),
        new WsRequest("GET", "/images/ok.gif", "", -1, true, 14),
        new WsRequest("GET", "/logout.html", "", -1, false, 15)),
        log.sessions().get(1).requests());
    // several blank (and whitespace-only) lines make no empty session
    assertEquals(List.of(new WsRequest("GET", "/about.html", "", -1, false, 19)),
        log.sessions().get(2).requests());
  }

  @Test
  void badThinkNamesFileLineAndToken() throws Exception {
    String path = write(dir, "sessions.log", "# s1", "/a think=1", "", "/b", "  /b1.gif", "", "/c think=abc");
    onlyProblem(wsesslog(path),
        path + ":7: \"think=abc\": expected think=SECONDS, a number >= 0 such as think=1.5");
  }

  @Test
  void everyBadLineIsReported() throws Exception {
    String path = write(dir, "sessions.log",
        "  /burst-first.gif",
        "index.html",
        "/a method=post",
        "/b contents=\"unterminated",
        "/c colour=red",
        "/d think=-1");
    List<String> messages = problems(wsesslog(path)).stream().map(Problem::message).toList();
    assertEquals(List.of(
        path + ":1: \"/burst-first.gif\": expected an unindented request line first (an indented line"
            + " is a burst member of the request above)",
        path + ":2: \"index.html\": expected a request path starting with '/'",
        path + ":3: \"method=post\": expected method=METHOD in upper case, e.g. method=POST",
        path + ":4: \"contents=\"unterminated\": expected contents=\"...\" or contents='...' with a closing quote",
        path + ":5: \"colour=red\": expected method=METHOD, contents=BODY or think=SECONDS",
        path + ":6: \"think=-1\": expected think=SECONDS, a number >= 0 such as think=1.5"), messages);
  }

  @Test
  void emptyFileIsAProblem() throws Exception {
    String path = write(dir, "empty.log", "# only comments", "", "   ");
    onlyProblem(wsesslog(path), "--wsesslog: \"" + path + "\": expected a wsesslog file with at least one request line");
  }

  @Test
  void unquotedContentsEndAtABlank() throws Exception {
    String path = write(dir, "s.log", "/post method=PUT contents=a=1&b=2 think=0");
    SessionSource.WsessLog log = (SessionSource.WsessLog) wsesslog(path).build().source();
    assertEquals(List.of(new WsRequest("PUT", "/post", "a=1&b=2", 0, false, 1)),
        log.sessions().get(0).requests());
  }
}
