package io.crosscheck.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shard's child JVM gets the launcher's metadata threshold whatever --jvm-opt says (before it,
 * so a -XX:MetaspaceSize given there wins), and the default heap only without --jvm-opt.
 */
class ShardChildOptsTest {
  @Test
  void theMetadataThresholdComesFirstWithOrWithoutJvmOpts() {
    assertEquals(List.of("-XX:MetaspaceSize=128m", "-Xms512m", "-Xmn256m"), ShardRun.childOpts(List.of()));
    assertEquals(List.of("-XX:MetaspaceSize=128m", "-Xmx256m", "-XX:MetaspaceSize=64m"),
        ShardRun.childOpts(List.of("-Xmx256m", "-XX:MetaspaceSize=64m")));
  }
}
