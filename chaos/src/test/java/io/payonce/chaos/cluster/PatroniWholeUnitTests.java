package io.payonce.chaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.cluster.Patroni.Member;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * When a database fault may start: only from a whole cluster, all of it on the leader's timeline.
 */
class PatroniWholeUnitTests {

  @Test
  void aLeaderASynchronousStandbyAndAReplicaOnOneTimelineAreWhole() {
    assertThat(
            Patroni.whole(
                List.of(
                    new Member("pg1", "leader", "running", 5601, 4),
                    new Member("pg2", "sync_standby", "running", 5602, 4),
                    new Member("pg3", "replica", "streaming", 5603, 4))))
        .isTrue();
  }

  @Test
  void aThawedOldLeaderStillOnItsOldTimelineIsNotWholeYet() {
    assertThat(
            Patroni.whole(
                List.of(
                    new Member("pg1", "leader", "running", 5601, 5),
                    new Member("pg2", "sync_standby", "running", 5602, 5),
                    new Member("pg3", "replica", "running", 5603, 4))))
        .isFalse();
  }

  @Test
  void aMemberStartingOrMissingOrNoSynchronousStandbyIsNotWhole() {
    Member leader = new Member("pg1", "leader", "running", 5601, 2);
    Member sync = new Member("pg2", "sync_standby", "running", 5602, 2);
    assertThat(
            Patroni.whole(List.of(leader, sync, new Member("pg3", "replica", "starting", 5603, 0))))
        .isFalse();
    assertThat(Patroni.whole(List.of(leader, sync))).isFalse();
    assertThat(
            Patroni.whole(
                List.of(
                    leader,
                    new Member("pg2", "replica", "running", 5602, 2),
                    new Member("pg3", "replica", "running", 5603, 2))))
        .isFalse();
  }
}
