package io.crosscheck.model.spec;

import static io.crosscheck.model.spec.SpecAssertions.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.crosscheck.model.SessionSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request paths as they go on the wire (red team #24: a UTF-8 path from --url-file was sent raw on
 * the request line). RFC 3986 origin-form: non-ASCII as percent-encoded UTF-8, illegal ASCII
 * encoded, existing escapes kept.
 */
class RequestPathsTest {
  @TempDir Path dir;

  @Test
  void nonAsciiAndIllegalBytesArePercentEncodedAsUtf8() {
    assertEquals("/caf%C3%A9/%C3%BC?q=%E6%97%A5%E6%9C%AC", RequestPaths.encode("/café/ü?q=日本"));
    assertEquals("/%F0%9F%98%80", RequestPaths.encode("/😀"), "a supplementary character: its 4 UTF-8 bytes");
    assertEquals("/a%7Bb%7D%7Cc%5E%60%22%3C%3E%5C%5B%5D%23x", RequestPaths.encode("/a{b}|c^`\"<>\\[]#x"));
    assertEquals("/x%252", RequestPaths.encode("/x%2"), "a '%' with one hex digit after it starts no escape");
  }

  @Test
  void aLoneOrBrokenPercentIsEncodedAndEscapesAreKept() {
    assertEquals("/100%25", RequestPaths.encode("/100%"));
    assertEquals("/%25zz", RequestPaths.encode("/%zz"));
    assertEquals("/a%20b/%c3%a9", RequestPaths.encode("/a%20b/%c3%a9"), "existing escapes, either case, as given");
  }

  @Test
  void aLegalPathIsReturnedAsGivenAndEncodingIsIdempotent() {
    String legal = "/a-b._~!$&'()*+,;=:@/c?x=1&y=/?z";
    assertSame(legal, RequestPaths.encode(legal));
    String once = RequestPaths.encode("/café?x=ü");
    assertEquals(once, RequestPaths.encode(once));
  }

  /** The workload carries the encoded path: what every engine sends and records. */
  @Test
  void aUrlFileOfUtf8PathsGivesEncodedRequestPaths() throws Exception {
    String file = write(dir, "urls.txt", "/café", "/plain", "/%C3%A9t%C3%A9");
    WorkloadSpec spec = new WorkloadSpec();
    spec.urlFile = file;
    SessionSource.UrlList urls = (SessionSource.UrlList) spec.build().source();
    assertEquals(List.of("/caf%C3%A9", "/plain", "/%C3%A9t%C3%A9"), urls.paths());
  }
}
