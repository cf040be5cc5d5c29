-- The Nexmark benchmark's queries (github.com/nexmark/nexmark, nexmark-flink), the public
-- streaming workload Flink is measured with, as views over its source table and its three
-- views (#14). The source's connector is datagen here (nexmark's own is not in Flink);
-- q14's user function count_char is left out of its select list.
CREATE CATALOG g_nexmark WITH ('type' = 'generic_in_memory');
USE CATALOG g_nexmark;

CREATE TABLE datagen (
    event_type int,
    person ROW<
        id  BIGINT,
        name  VARCHAR,
        emailAddress  VARCHAR,
        creditCard  VARCHAR,
        city  VARCHAR,
        state  VARCHAR,
        `dateTime` TIMESTAMP(3),
        extra  VARCHAR>,
    auction ROW<
        id  BIGINT,
        itemName  VARCHAR,
        description  VARCHAR,
        initialBid  BIGINT,
        reserve  BIGINT,
        `dateTime`  TIMESTAMP(3),
        expires  TIMESTAMP(3),
        seller  BIGINT,
        category  BIGINT,
        extra  VARCHAR>,
    bid ROW<
        auction  BIGINT,
        bidder  BIGINT,
        price  BIGINT,
        channel  VARCHAR,
        url  VARCHAR,
        `dateTime`  TIMESTAMP(3),
        extra  VARCHAR>,
    `dateTime` AS
        CASE
            WHEN event_type = 0 THEN person.`dateTime`
            WHEN event_type = 1 THEN auction.`dateTime`
            ELSE bid.`dateTime`
        END,
    WATERMARK FOR `dateTime` AS `dateTime` - INTERVAL '4' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE side_input (
  key BIGINT,
  `value` VARCHAR
) WITH ('connector' = 'filesystem', 'path' = '/nonexistent', 'format' = 'csv');

CREATE VIEW person AS
SELECT
    person.id,
    person.name,
    person.emailAddress,
    person.creditCard,
    person.city,
    person.state,
    `dateTime`,
    person.extra
FROM datagen WHERE event_type = 0;
SHOW CREATE VIEW person;
DESCRIBE person;

CREATE VIEW auction AS
SELECT
    auction.id,
    auction.itemName,
    auction.description,
    auction.initialBid,
    auction.reserve,
    `dateTime`,
    auction.expires,
    auction.seller,
    auction.category,
    auction.extra
FROM datagen WHERE event_type = 1;
SHOW CREATE VIEW auction;
DESCRIBE auction;

CREATE VIEW bid AS
SELECT
    bid.auction,
    bid.bidder,
    bid.price,
    bid.channel,
    bid.url,
    `dateTime`,
    bid.extra
FROM datagen WHERE event_type = 2;
SHOW CREATE VIEW bid;
DESCRIBE bid;

CREATE VIEW nexmark_q0 AS SELECT auction, bidder, price, `dateTime`, extra FROM bid;
SHOW CREATE VIEW nexmark_q0;
DESCRIBE nexmark_q0;

CREATE VIEW nexmark_q1 AS
SELECT
    auction,
    bidder,
    0.908 * price as price, -- convert dollar to euro
    `dateTime`,
    extra
FROM bid;
SHOW CREATE VIEW nexmark_q1;
DESCRIBE nexmark_q1;

CREATE VIEW nexmark_q2 AS SELECT auction, price FROM bid WHERE MOD(auction, 123) = 0;
SHOW CREATE VIEW nexmark_q2;
DESCRIBE nexmark_q2;

CREATE VIEW nexmark_q3 AS
SELECT
    P.name, P.city, P.state, A.id
FROM
    auction AS A INNER JOIN person AS P on A.seller = P.id
WHERE
    A.category = 10 and (P.state = 'OR' OR P.state = 'ID' OR P.state = 'CA');
SHOW CREATE VIEW nexmark_q3;
DESCRIBE nexmark_q3;

CREATE VIEW nexmark_q4 AS
SELECT
    Q.category,
    AVG(Q.final)
FROM (
    SELECT MAX(B.price) AS final, A.category
    FROM auction A, bid B
    WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
    GROUP BY A.id, A.category
) Q
GROUP BY Q.category;
SHOW CREATE VIEW nexmark_q4;
DESCRIBE nexmark_q4;

CREATE VIEW nexmark_q5 AS
SELECT AuctionBids.auction, AuctionBids.num
 FROM (
   SELECT
     auction,
     count(*) AS num,
     window_start AS starttime,
     window_end AS endtime
     FROM TABLE(
             HOP(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '2' SECOND, INTERVAL '10' SECOND))
     GROUP BY auction, window_start, window_end
 ) AS AuctionBids
 JOIN (
   SELECT
     max(CountBids.num) AS maxn,
     CountBids.starttime,
     CountBids.endtime
   FROM (
     SELECT
       count(*) AS num,
       window_start AS starttime,
       window_end AS endtime
     FROM TABLE(
                HOP(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '2' SECOND, INTERVAL '10' SECOND))
     GROUP BY auction, window_start, window_end
     ) AS CountBids
   GROUP BY CountBids.starttime, CountBids.endtime
 ) AS MaxBids
 ON AuctionBids.starttime = MaxBids.starttime AND
    AuctionBids.endtime = MaxBids.endtime AND
    AuctionBids.num >= MaxBids.maxn;
SHOW CREATE VIEW nexmark_q5;
DESCRIBE nexmark_q5;

CREATE VIEW nexmark_q6 AS
SELECT
    Q.seller,
    AVG(Q.price) OVER
        (PARTITION BY Q.seller ORDER BY Q.`dateTime` ROWS BETWEEN 10 PRECEDING AND CURRENT ROW)
FROM (
    SELECT *, ROW_NUMBER() OVER (PARTITION BY A.id, A.seller ORDER BY B.price DESC) AS rownum
    FROM (SELECT A.id, A.seller, B.price, B.`dateTime`
        FROM auction AS A,
            bid AS B
        WHERE A.id = B.auction
            and B.`dateTime` between A.`dateTime` and A.expires)
    WHERE rownum <= 1
) AS Q;
SHOW CREATE VIEW nexmark_q6;
DESCRIBE nexmark_q6;

CREATE VIEW nexmark_q7 AS
SELECT B.auction, B.price, B.bidder, B.`dateTime`, B.extra
from bid B
JOIN (
  SELECT MAX(price) AS maxprice, window_end as `dateTime`
  FROM TABLE(
          TUMBLE(TABLE bid, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
  GROUP BY window_start, window_end
) B1
ON B.price = B1.maxprice
WHERE B.`dateTime` BETWEEN B1.`dateTime`  - INTERVAL '10' SECOND AND B1.`dateTime`;
SHOW CREATE VIEW nexmark_q7;
DESCRIBE nexmark_q7;

CREATE VIEW nexmark_q8 AS
SELECT P.id, P.name, P.starttime
FROM (
  SELECT id, name,
        window_start AS starttime,
        window_end AS endtime
  FROM TABLE(
            TUMBLE(TABLE person, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
  GROUP BY id, name, window_start, window_end
) P
JOIN (
  SELECT seller,
        window_start AS starttime,
        window_end AS endtime
  FROM TABLE(
        TUMBLE(TABLE auction, DESCRIPTOR(`dateTime`), INTERVAL '10' SECOND))
  GROUP BY seller, window_start, window_end
) A
ON P.id = A.seller AND P.starttime = A.starttime AND P.endtime = A.endtime;
SHOW CREATE VIEW nexmark_q8;
DESCRIBE nexmark_q8;

CREATE VIEW nexmark_q9 AS
SELECT
    id, itemName, description, initialBid, reserve, `dateTime`, expires, seller, category, extra,
    auction, bidder, price, bid_dateTime, bid_extra
FROM (
   SELECT A.*, B.auction, B.bidder, B.price, B.`dateTime` AS bid_dateTime, B.extra AS bid_extra,
     ROW_NUMBER() OVER (PARTITION BY A.id ORDER BY B.price DESC, B.`dateTime` ASC) AS rownum
   FROM auction A, bid B
   WHERE A.id = B.auction AND B.`dateTime` BETWEEN A.`dateTime` AND A.expires
)
WHERE rownum <= 1;
SHOW CREATE VIEW nexmark_q9;
DESCRIBE nexmark_q9;

CREATE VIEW nexmark_q10 AS
SELECT auction, bidder, price, `dateTime`, extra, DATE_FORMAT(`dateTime`, 'yyyy-MM-dd'), DATE_FORMAT(`dateTime`, 'HH:mm')
FROM bid;
SHOW CREATE VIEW nexmark_q10;
DESCRIBE nexmark_q10;

CREATE VIEW nexmark_q11 AS
SELECT
    B.bidder,
    count(*) as bid_count,
    SESSION_START(B.`dateTime`, INTERVAL '10' SECOND) as starttime,
    SESSION_END(B.`dateTime`, INTERVAL '10' SECOND) as endtime
FROM bid B
GROUP BY B.bidder, SESSION(B.`dateTime`, INTERVAL '10' SECOND);
SHOW CREATE VIEW nexmark_q11;
DESCRIBE nexmark_q11;

CREATE VIEW B AS SELECT *, PROCTIME() as p_time FROM bid;
SHOW CREATE VIEW B;
DESCRIBE B;

CREATE VIEW nexmark_q12 AS
SELECT
    bidder,
    count(*) as bid_count,
    window_start AS starttime,
    window_end AS endtime
FROM TABLE(
        TUMBLE(TABLE B, DESCRIPTOR(p_time), INTERVAL '10' SECOND))
GROUP BY bidder, window_start, window_end;
SHOW CREATE VIEW nexmark_q12;
DESCRIBE nexmark_q12;

CREATE VIEW nexmark_q13 AS
SELECT
    B.auction,
    B.bidder,
    B.price,
    B.`dateTime`,
    S.`value`
FROM (SELECT *, PROCTIME() as p_time FROM bid) B
JOIN side_input FOR SYSTEM_TIME AS OF B.p_time AS S
ON mod(B.auction, 10000) = S.key;
SHOW CREATE VIEW nexmark_q13;
DESCRIBE nexmark_q13;

CREATE VIEW nexmark_q14 AS
SELECT
    auction,
    bidder,
    0.908 * price as price,
    CASE
        WHEN HOUR(`dateTime`) >= 8 AND HOUR(`dateTime`) <= 18 THEN 'dayTime'
        WHEN HOUR(`dateTime`) <= 6 OR HOUR(`dateTime`) >= 20 THEN 'nightTime'
        ELSE 'otherTime'
    END AS bidTimeType,
    `dateTime`,
    extra
FROM bid
WHERE 0.908 * price > 1000000 AND 0.908 * price < 50000000;
SHOW CREATE VIEW nexmark_q14;
DESCRIBE nexmark_q14;

CREATE VIEW nexmark_q15 AS
SELECT
     DATE_FORMAT(`dateTime`, 'yyyy-MM-dd') as `day`,
     count(*) AS total_bids,
     count(*) filter (where price < 10000) AS rank1_bids,
     count(*) filter (where price >= 10000 and price < 1000000) AS rank2_bids,
     count(*) filter (where price >= 1000000) AS rank3_bids,
     count(distinct bidder) AS total_bidders,
     count(distinct bidder) filter (where price < 10000) AS rank1_bidders,
     count(distinct bidder) filter (where price >= 10000 and price < 1000000) AS rank2_bidders,
     count(distinct bidder) filter (where price >= 1000000) AS rank3_bidders,
     count(distinct auction) AS total_auctions,
     count(distinct auction) filter (where price < 10000) AS rank1_auctions,
     count(distinct auction) filter (where price >= 10000 and price < 1000000) AS rank2_auctions,
     count(distinct auction) filter (where price >= 1000000) AS rank3_auctions
FROM bid
GROUP BY DATE_FORMAT(`dateTime`, 'yyyy-MM-dd');
SHOW CREATE VIEW nexmark_q15;
DESCRIBE nexmark_q15;

CREATE VIEW nexmark_q16 AS
SELECT
    channel,
    DATE_FORMAT(`dateTime`, 'yyyy-MM-dd') as `day`,
    max(DATE_FORMAT(`dateTime`, 'HH:mm')) as `minute`,
    count(*) AS total_bids,
    count(*) filter (where price < 10000) AS rank1_bids,
    count(*) filter (where price >= 10000 and price < 1000000) AS rank2_bids,
    count(*) filter (where price >= 1000000) AS rank3_bids,
    count(distinct bidder) AS total_bidders,
    count(distinct bidder) filter (where price < 10000) AS rank1_bidders,
    count(distinct bidder) filter (where price >= 10000 and price < 1000000) AS rank2_bidders,
    count(distinct bidder) filter (where price >= 1000000) AS rank3_bidders,
    count(distinct auction) AS total_auctions,
    count(distinct auction) filter (where price < 10000) AS rank1_auctions,
    count(distinct auction) filter (where price >= 10000 and price < 1000000) AS rank2_auctions,
    count(distinct auction) filter (where price >= 1000000) AS rank3_auctions
FROM bid
GROUP BY channel, DATE_FORMAT(`dateTime`, 'yyyy-MM-dd');
SHOW CREATE VIEW nexmark_q16;
DESCRIBE nexmark_q16;

CREATE VIEW nexmark_q17 AS
SELECT
     auction,
     DATE_FORMAT(`dateTime`, 'yyyy-MM-dd') as `day`,
     count(*) AS total_bids,
     count(*) filter (where price < 10000) AS rank1_bids,
     count(*) filter (where price >= 10000 and price < 1000000) AS rank2_bids,
     count(*) filter (where price >= 1000000) AS rank3_bids,
     min(price) AS min_price,
     max(price) AS max_price,
     avg(price) AS avg_price,
     sum(price) AS sum_price
FROM bid
GROUP BY auction, DATE_FORMAT(`dateTime`, 'yyyy-MM-dd');
SHOW CREATE VIEW nexmark_q17;
DESCRIBE nexmark_q17;

CREATE VIEW nexmark_q18 AS
SELECT auction, bidder, price, channel, url, `dateTime`, extra
 FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY bidder, auction ORDER BY `dateTime` DESC) AS rank_number
       FROM bid)
 WHERE rank_number <= 1;
SHOW CREATE VIEW nexmark_q18;
DESCRIBE nexmark_q18;

CREATE VIEW nexmark_q19 AS
SELECT * FROM
(SELECT *, ROW_NUMBER() OVER (PARTITION BY auction ORDER BY price DESC) AS rank_number FROM bid)
WHERE rank_number <= 10;
SHOW CREATE VIEW nexmark_q19;
DESCRIBE nexmark_q19;

CREATE VIEW nexmark_q20 AS
SELECT
    auction, bidder, price, channel, url, B.`dateTime`, B.extra,
    itemName, description, initialBid, reserve, A.`dateTime`, expires, seller, category, A.extra
FROM
    bid AS B INNER JOIN auction AS A on B.auction = A.id
WHERE A.category = 10;
SHOW CREATE VIEW nexmark_q20;
DESCRIBE nexmark_q20;

CREATE VIEW nexmark_q21 AS
SELECT
    auction, bidder, price, channel,
    CASE
        WHEN lower(channel) = 'apple' THEN '0'
        WHEN lower(channel) = 'google' THEN '1'
        WHEN lower(channel) = 'facebook' THEN '2'
        WHEN lower(channel) = 'baidu' THEN '3'
        ELSE REGEXP_EXTRACT(url, '(&|^)channel_id=([^&]*)', 2)
        END
    AS channel_id FROM bid
    where REGEXP_EXTRACT(url, '(&|^)channel_id=([^&]*)', 2) is not null or
          lower(channel) in ('apple', 'google', 'facebook', 'baidu');
SHOW CREATE VIEW nexmark_q21;
DESCRIBE nexmark_q21;

CREATE VIEW nexmark_q22 AS
SELECT
    auction, bidder, price, channel,
    SPLIT_INDEX(url, '/', 3) as dir1,
    SPLIT_INDEX(url, '/', 4) as dir2,
    SPLIT_INDEX(url, '/', 5) as dir3 FROM bid;
SHOW CREATE VIEW nexmark_q22;
DESCRIBE nexmark_q22;

CREATE VIEW nexmark_q23 AS
SELECT bidder,
       price,
       channel,
       url,
       B.extra    AS bid_extra,
       P.id       AS person_id,
       name,
       emailAddress,
       creditCard,
       city,
       state,
       P.extra    AS person_extra,
       itemName,
       description,
       initialBid,
       reserve,
       A.dateTime AS auction_dateTime,
       expires,
       seller,
       category,
       A.extra    AS auction_extra
FROM bid B
         JOIN
     person P ON P.id = B.bidder
         JOIN
     auction A ON A.seller = B.bidder;
SHOW CREATE VIEW nexmark_q23;
DESCRIBE nexmark_q23;

SHOW VIEWS;
