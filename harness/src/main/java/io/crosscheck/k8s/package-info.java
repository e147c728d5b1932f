/**
 * Kubernetes manifests of a sharded run ({@code crosscheck k8s}): an Indexed Job whose pod of
 * completion index i runs shard i of one seeded schedule from one common start instant into a
 * shard run directory on a shared volume, and a Job that merges the shard directories. Text only:
 * nothing here talks to a cluster or runs load, and nothing of the spine is imported (the run
 * options are checked by the cli with the run command's parser before a plan is made).
 */
package io.crosscheck.k8s;
