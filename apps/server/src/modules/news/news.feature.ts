import { defineFeature } from '../../platform';
import { NewsRepository } from './news.repository';
import { newsRoutes } from './news.routes';
import { NewsService } from './news.service';
import { NewsHub } from './news-hub';

/**
 * News (issue 15): /v1/messages for readers and admins, the live stream, and the events it
 * hears from the platform: a job ended, someone joined a shared project.
 */
export const newsFeature = defineFeature({
  name: 'news',
  setup: ({ config, db, clock, log, jobs, projects, mail, isAdmin, notices }) => {
    const hub = new NewsHub();
    const news = new NewsService(
      new NewsRepository(db.kysely),
      hub,
      clock,
      isAdmin,
      mail,
      { jobMailAfterMinutes: config.jobMailAfterMinutes, publicUrl: config.publicUrl },
      log,
    );
    jobs.onSettled((jobId) => {
      news.jobSettled(jobId).catch((err: unknown) => log.error({ err, jobId }, 'a job notification failed'));
    });
    projects.onJoined(async (event) => {
      await news.joined(event).catch((err: unknown) => log.error({ err, event }, 'a join notification failed'));
    });
    notices.on(async (userId, notice, link) => {
      await news
        .notice(userId, notice, link)
        .catch((err: unknown) => log.error({ err, userId, notice }, 'a notice could not be stored'));
    });
    return { routes: [{ prefix: '/v1/messages', plugin: newsRoutes(news, hub, config.newsStreamsPerUser) }] };
  },
});
