/**
 * Compositions of the shards of one seeded schedule beyond their records ({@code rundir.ShardMerge}
 * merges those): the merged findings of audited shards, each set against its own capture.
 */
package io.crosscheck.shard;
