package io.payonce.server.redis;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * PayOnce's use of Redis ({@code payonce.redis.*}); the connection is Spring Boot's {@code
 * spring.data.redis.*}.
 *
 * @param enabled use Redis (and wire Boot's Redis support at all)
 * @param lockTtl how long a precreate lock lives if its holder dies
 * @param lockWait how long a request waits for another's lock before going to the database anyway
 */
@ConfigurationProperties("payonce.redis")
public record RedisProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("5s") Duration lockTtl,
    @DefaultValue("2s") Duration lockWait) {}
