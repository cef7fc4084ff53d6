package io.payonce.server.redis;

import io.lettuce.core.ClientOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * While Redis is unreachable, Lettuce rejects commands at once instead of queueing them until they
 * time out: a helper that fails open should fail fast.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("payonce.redis.enabled")
class RedisClientOptions {

  @Bean
  LettuceClientOptionsBuilderCustomizer rejectCommandsWhileDisconnected() {
    return options ->
        options.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
  }
}
