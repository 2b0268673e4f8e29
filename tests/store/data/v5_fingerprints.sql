BEGIN TRANSACTION;
CREATE TABLE actions (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            tool TEXT NOT NULL,
            key TEXT NOT NULL,
            args_json TEXT NOT NULL,
            status TEXT NOT NULL,
            cell TEXT,
            new_evidence INTEGER NOT NULL DEFAULT 0,
            error_type TEXT, data_json TEXT,
            PRIMARY KEY (task_id, step, seq)
        );
INSERT INTO "actions" VALUES('conflict06-mid',1,0,'search','search:license sablefish','{"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Sablefish license", "cell": "Sablefish/license", "strategy": "initial"}, "key": "search:license sablefish", "status": "ok", "cell": "Sablefish/license", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',2,0,'visit','visit:https://toolsmith-blog.example/2023/03/sablefish-review.html','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 2, "tool": "visit", "args": {"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://toolsmith-blog.example/2023/03/sablefish-review.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',3,0,'visit','visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 3, "tool": "visit", "args": {"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('conflict06-mid',4,0,'visit','visit:https://clitools-weekly.example/issues/112.html','{"url": "https://clitools-weekly.example/issues/112.html", "cell": "Sablefish/license", "strategy": "initial"}','ok','Sablefish/license',1,NULL,'{"step": 4, "tool": "visit", "args": {"url": "https://clitools-weekly.example/issues/112.html", "cell": "Sablefish/license", "strategy": "initial"}, "key": "visit:https://clitools-weekly.example/issues/112.html", "status": "ok", "cell": "Sablefish/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop03-mid',1,0,'search','search:analytic latency quarry','{"query": "Quarry Analytics latency", "cell": "Quarry Analytics/latency", "strategy": "initial"}','ok','Quarry Analytics/latency',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Quarry Analytics latency", "cell": "Quarry Analytics/latency", "strategy": "initial"}, "key": "search:analytic latency quarry", "status": "ok", "cell": "Quarry Analytics/latency", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop03-mid',2,0,'visit','visit:https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html','{"url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "cell": "Quarry Analytics/latency", "strategy": "initial"}','ok','Quarry Analytics/latency',1,NULL,'{"step": 2, "tool": "visit", "args": {"url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "cell": "Quarry Analytics/latency", "strategy": "initial"}, "key": "visit:https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "status": "ok", "cell": "Quarry Analytics/latency", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
CREATE TABLE cells (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            object TEXT NOT NULL,
            dimension TEXT NOT NULL,
            status TEXT NOT NULL,
            value TEXT,
            conclusion TEXT,
            conflict INTEGER NOT NULL DEFAULT 0,
            source_ids_json TEXT NOT NULL DEFAULT '[]', data_json TEXT,
            PRIMARY KEY (task_id, key)
        );
INSERT INTO "cells" VALUES('conflict06-mid','Sablefish/license','Sablefish','license','partial','AGPL-3.0','GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)',1,'["S2"]','{"object": "Sablefish", "dimension": "license", "status": "partial", "value": "AGPL-3.0", "conclusion": "GNU Affero General Public License (conflict resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)", "finding_ids": ["F2"], "candidate_ids": ["F1", "F3"], "source_ids": ["S2"], "source_types": ["secondary"], "dates": ["2024-06-03"], "independent_sources": 1, "conflict": true, "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]", "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it", "needed": "1 more independent source(s) stating GNU Affero General Public License", "queries": ["Sablefish license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
INSERT INTO "cells" VALUES('loop03-mid','Quarry Analytics/latency','Quarry Analytics','latency','partial','350 ms','350 ms',0,'["S1"]','{"object": "Quarry Analytics", "dimension": "latency", "status": "partial", "value": "350 ms", "conclusion": "350 ms", "finding_ids": ["F1"], "candidate_ids": [], "source_ids": ["S1"], "source_types": ["secondary"], "dates": ["2024-09-18"], "independent_sources": 1, "conflict": false, "conflict_note": null, "resolution": null, "needed": "1 more independent source(s) stating 350 ms", "queries": ["Quarry Analytics latency"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
CREATE TABLE findings (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            cell TEXT NOT NULL,
            value TEXT NOT NULL,
            quote TEXT NOT NULL,
            source_id TEXT NOT NULL,
            url TEXT NOT NULL,
            date TEXT,
            source_type TEXT NOT NULL,
            step INTEGER NOT NULL, data_json TEXT,
            PRIMARY KEY (task_id, id)
        );
INSERT INTO "findings" VALUES('conflict06-mid','F1','Sablefish/license','MIT','Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','2023-03-08','secondary',2,'{"id": "F1", "cell": "Sablefish/license", "value": "MIT", "display": "MIT License", "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job.", "source_id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "date": "2023-03-08", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-mid','F2','Sablefish/license','AGPL-3.0','Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','2024-06-03','secondary',3,'{"id": "F2", "cell": "Sablefish/license", "value": "AGPL-3.0", "display": "GNU Affero General Public License", "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday.", "source_id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "date": "2024-06-03", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('conflict06-mid','F3','Sablefish/license','MIT','Sablefish is released under the MIT license and is available from most package managers.','S4','https://clitools-weekly.example/issues/112.html','2023-07-21','secondary',4,'{"id": "F3", "cell": "Sablefish/license", "value": "MIT", "display": "MIT license", "quote": "Sablefish is released under the MIT license and is available from most package managers.", "source_id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "date": "2023-07-21", "source_type": "secondary", "step": 4, "policy": "offline", "attribution": "name:Sablefish"}');
INSERT INTO "findings" VALUES('loop03-mid','F1','Quarry Analytics/latency','350 ms','Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine.','S1','https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html','2024-09-18','secondary',2,'{"id": "F1", "cell": "Quarry Analytics/latency", "value": "350 ms", "display": "350 ms", "quote": "Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine.", "source_id": "S1", "url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "date": "2024-09-18", "source_type": "secondary", "step": 2, "policy": "offline", "attribution": "name:Quarry Analytics"}');
CREATE TABLE fingerprints (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            source_id TEXT NOT NULL,
            cluster_id TEXT NOT NULL,
            hashvalues BLOB NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "fingerprints" VALUES('conflict06-mid',0,'S1','S1',X'6EE5CA0100000000AC3EBF00000000004AF67200000000005A0C74000000000091FD0200000000005D113001000000009012040100000000DA825A00000000008829DD020000000084F91000000000006BB32901000000007DF626020000000027A1E5000000000079F961030000000079BC250000000000D43CEB040000000071C1FF00000000009D893A000000000049039B04000000001749EF0000000000B2D65D000000000020B65404000000000CCA9F000000000005FC4800000000008EA11E000000000005AA0500000000004106B00000000000727595020000000081C29F01000000004E4897020000000042BD260200000000B016320400000000D91B6600000000009BB7AD000000000048F1A102000000001827B40000000000630396040000000023F02F000000000077E96F0200000000DECCE700000000004CBEB90200000000685C9B0200000000CD321B0300000000D8F4980200000000FD2F790000000000DE9E190200000000212F21000000000003B05D0400000000F716C701000000008C9F870000000000BED86605000000006492270000000000D11B44030000000067599A02000000005DFE4F0000000000670BA40000000000A6D87401000000001485AF00000000001A2B200300000000E3A2780000000000C595DE0300000000BDC7F901000000003B349B040000000062252B00000000002AF1E50200000000B77AEC00000000003831420000000000A7A5230200000000C1825301000000000635F0030000000008FF7C03000000003A601202000000007F83A403000000000EB1C70200000000A3D6A300000000000C553B0000000000FE2D380300000000DBC0E10000000000D690510400000000AC06140100000000A737290100000000A1FDB00200000000F58F4D0100000000FA9EC1010000000026B13D00000000007054580100000000102C980000000000AB72C104000000000F08150000000000CCB5EE000000000098D45000000000007AC0E20000000000ABFEC10300000000C7C9DE00000000005002660100000000CF79490300000000A5FA51030000000075B40F000000000091841B020000000070B23B03000000003E2CAC02000000000B671301000000001F6500000000000051BA0A0400000000D28096000000000016164102000000008659DD0000000000A0FCFF0100000000A7A47500000000000841310100000000A737790200000000B6F9920100000000906CA90400000000EBF54D00000000003FDB7B00000000003D1ABB0100000000033A040200000000EFC0A9010000000001445B00000000001450720000000000C015AD00000000008A93340200000000CABCA60200000000C5612102000000009A39C201000000009EC6B403000000004AF1660500000000C37EEE0100000000');
INSERT INTO "fingerprints" VALUES('conflict06-mid',1,'S2','S2',X'E4D1380100000000C2FFFA0000000000A00D980000000000922AE2000000000039F15D02000000004D503C030000000012948A040000000075CB0000000000003E94DB01000000001E9C5700000000007C937302000000002F013C0000000000AA5A0200000000004B97C6030000000061D9B605000000005ABC3903000000003C48BD0100000000A1539002000000006BD3A0020000000006B74B0000000000B3B43F0000000000B1B81200000000003437140100000000AC630C0200000000D04932000000000094C4D400000000005D63960100000000C1951002000000007A26250000000000F4018601000000002FFB060200000000F010260200000000D8F6F80300000000134682000000000012286100000000005247DB0000000000BB9382040000000021092D02000000005002860300000000B83A000100000000412F52000000000051A7850000000000BB872D0100000000FE6F0902000000008073A300000000005BA2ED00000000008377D600000000002CC757000000000059EED5020000000068DC2400000000001CEB5A02000000005DE2F300000000005B25440100000000A5D12D0000000000EDA85F050000000019147E000000000037A11A0100000000D0A8CC0100000000AB3ABC0000000000AB345A00000000008D8AA202000000004E7B2301000000008E32470000000000DEAD7B010000000042341502000000001C5FFF0000000000C9790C00000000006563300000000000FB74E800000000003218CB010000000013639D0000000000A9B3770200000000852B8A020000000023A1B10200000000F4B90000000000006A67E800000000008AF59D000000000082358D0100000000554BB2000000000034DA6200000000001E97EE01000000000019E100000000002870920000000000FDEE7C0000000000D7B7370300000000EE8E5F0000000000B1ED8600000000002CD29E020000000012A60E0000000000CE437B0000000000EC1127000000000021751000000000001D69D20100000000CC34B20500000000E2C0EB01000000003A31EC010000000038E671010000000091DC1900000000007428450100000000CA5046060000000094E07C00000000009589D90000000000FC75DB0100000000F6A82B0300000000C8AF2600000000001B81D7020000000060B14A0200000000E71545000000000072C20A010000000060C65900000000006CA0C50200000000A98A49050000000049906600000000002209C202000000001F1ADE000000000026ED5D0000000000DE6D12000000000075002A0100000000A70C01000000000038D8B201000000004CC7410200000000CEDF0F01000000001BA48901000000001B7E910000000000E4D70602000000007FE7BA0000000000FDF0E40000000000624A950100000000');
INSERT INTO "fingerprints" VALUES('conflict06-mid',2,'S4','S4',X'F2609C0200000000845EFE040000000068066001000000005ED2EE0000000000079712000000000010639F0100000000B3E7CD0200000000C9081E0000000000E0A34F01000000007B5E9404000000008BFFD703000000000F3E920100000000345E99050000000064129800000000004BC0920000000000805044000000000095EB1A0000000000888AF900000000003E0E610200000000C42E5800000000008C9D4001000000000C2B0C000000000076666C0100000000B775CD0000000000BD995300000000002A0C330000000000100A330100000000C119D0010000000018B33C00000000004FF32D00000000006F9ED803000000000C57E202000000001A6ADB000000000001E1890000000000D56869040000000047AA28010000000071AD8300000000001C506B0000000000FE3FE00000000000E588D800000000008D526300000000000520400000000000F9D4780000000000EB05E1000000000099F0660200000000832D710400000000C5AA51000000000032E9060000000000ACC9E60300000000BFE6E707000000005580170200000000950348010000000006D2A400000000002A5FD5010000000047957900000000004EAC40030000000014DD1D010000000051E7630000000000DE6B3701000000001B8C0900000000000D151303000000009C311C0200000000AC379E01000000003B4BC401000000000F2B1300000000000F4972030000000003BBC10500000000F8485E020000000006F77A0100000000B2515D00000000009C2B8100000000002B2253070000000051F3B50000000000B8390B0300000000E8997B0200000000353A050000000000B9DC1A05000000008AECE7000000000026BDF10200000000140D870000000000F790970600000000F4B1B60000000000524D6F030000000018255300000000000F1CCD0100000000ADC39804000000004D731B00000000000F93070000000000DA5BBE00000000002B1C0C0000000000ADB1DC0000000000B2AC6B0000000000E327AE000000000010A8220100000000704FD10200000000BB9A8A00000000000403370100000000549FC60600000000ADF98300000000003C2BB509000000003F101F000000000019F610000000000003EBD10000000000F65ADD000000000033A6D7010000000003EFD60000000000878FE10000000000FDC0610100000000FA0E0801000000002BE1B801000000000D2AF20200000000A2AA570100000000B98C47010000000066307402000000007B239F01000000003472410300000000BA18330000000000BEDF2B0100000000A03F610100000000C5DFF002000000005A344100000000001918DD0000000000255F650400000000EB72EC04000000008C0515010000000027EF600000000000F5469C04000000005A1EDD0000000000');
INSERT INTO "fingerprints" VALUES('loop03-mid',0,'S1','S1',X'FBED3D00000000009C75E500000000003FCF5700000000007BFF3F000000000076802A0000000000909E1200000000002FC87B01000000007BA91D0000000000A0F64400000000000741230200000000FFCB44000000000078C4CA000000000088C6F30000000000F2758B00000000000B465C02000000004F46FC0000000000711C3B00000000009B2D280100000000A06D1500000000006F534C010000000060484E04000000001DBE4E0100000000792BBA00000000008ABE7D0100000000B7B547010000000007421E0100000000BFF1AE0000000000CB068900000000003A9CCC00000000002FC59C00000000003F55160500000000E7F1430000000000FD4ED00000000000D52D8700000000007588CE0000000000B4F414010000000081B6A102000000008E6CA3000000000083F6DE0000000000BDB09101000000004B8DE40000000000B42B3101000000002D489E0500000000DC64BA0000000000F9ED5C0100000000021409000000000079C63800000000002FFDA10000000000444A460000000000EBA37A0000000000ADE8D30000000000C12BBE020000000071DAE302000000000DFE04000000000000A2E60100000000C3115E0500000000A4FF3C0100000000A78969020000000008FF2E0100000000E09D680000000000F32E6902000000002C10EF0200000000B1B24A0000000000537B860000000000C62E1D0000000000231D520000000000BED1D501000000007C0F2405000000001EFB6D0200000000F4665200000000005BDFD2000000000089C14C0000000000FC3E410000000000F4F99800000000001FB84B02000000002CDCAC00000000001F853001000000004726E704000000000A29220300000000B4A41700000000002ABDA200000000008BA71D0000000000FB22E303000000004BDD27010000000025324C0200000000E7B7F10100000000D1861A00000000003F038C0100000000526A6B0000000000DA608602000000009CE21200000000002BE12E00000000003454370300000000A8E2490000000000267D7C00000000000AB2AC0100000000E13513000000000065354B01000000006F81200100000000754CAA0000000000B8C03B02000000008F9B64010000000016C884030000000043B5320000000000FEF1C40000000000575F7200000000007AE20C000000000050C5B4010000000096634F00000000007C545701000000000D5B8D010000000002633D0000000000F713400100000000AAB0F5010000000040554A0400000000C9EB830000000000F6D6E2000000000019DC1C0000000000CF5B7700000000005FC195000000000073EE8E0100000000863A2700000000003C2C06000000000092CE4500000000004A661901000000009CBFCD0000000000826AA00100000000EE212F0000000000');
CREATE TABLE leads (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            canonical_url TEXT NOT NULL,
            cell TEXT NOT NULL,
            data_json TEXT NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "leads" VALUES('conflict06-mid',0,'https://toolsmith-blog.example/2023/03/sablefish-review.html','Sablefish/license','{"url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 1, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT License"}');
INSERT INTO "leads" VALUES('conflict06-mid',1,'https://opensource-ledger.example/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 2, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-mid',2,'https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','Sablefish/license','{"url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 3, "step": 1, "refused": null, "hint": "AGPL-3.0", "hint_display": "GNU Affero General Public License"}');
INSERT INTO "leads" VALUES('conflict06-mid',3,'https://clitools-weekly.example/issues/112.html','Sablefish/license','{"url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 4, "step": 1, "refused": null, "hint": "MIT", "hint_display": "MIT license"}');
INSERT INTO "leads" VALUES('conflict06-mid',4,'https://sablefish.example/docs/getting-started.html','Sablefish/license','{"url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "cell": "Sablefish/license", "query": "Sablefish license", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "leads" VALUES('loop03-mid',0,'https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html','Quarry Analytics/latency','{"url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "canonical_url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "title": "New columnar engine arrives in Quarry Analytics", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "cell": "Quarry Analytics/latency", "query": "Quarry Analytics latency", "rank": 1, "step": 1, "refused": null, "hint": "350 ms", "hint_display": "350 ms"}');
INSERT INTO "leads" VALUES('loop03-mid',1,'https://bizwire-today.example/2024/09/quarry-analytics-speed.html','Quarry Analytics/latency','{"url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html", "canonical_url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html", "title": "Quarry Analytics launches new query engine", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "cell": "Quarry Analytics/latency", "query": "Quarry Analytics latency", "rank": 2, "step": 1, "refused": null, "hint": "350 ms", "hint_display": "350 ms"}');
INSERT INTO "leads" VALUES('loop03-mid',2,'https://saas-insider.example/news/quarry-analytics-faster-dashboards.html','Quarry Analytics/latency','{"url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html", "canonical_url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html", "title": "Quarry Analytics promises faster dashboards with a rebuilt engine", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "cell": "Quarry Analytics/latency", "query": "Quarry Analytics latency", "rank": 3, "step": 1, "refused": null, "hint": "350 ms", "hint_display": "350 ms"}');
INSERT INTO "leads" VALUES('loop03-mid',3,'https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html','Quarry Analytics/latency','{"url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html", "canonical_url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html", "title": "Quarry Analytics new engine", "snippet": "\u2026Quarry Analytics new engine Same here, feels faster. Exports were broken for a day after the switch but support fixed it quickly. Good to know it''s not just us\u2026", "cell": "Quarry Analytics/latency", "query": "Quarry Analytics latency", "rank": 4, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "leads" VALUES('loop03-mid',4,'https://quarry-analytics.example/product.html','Quarry Analytics/latency','{"url": "https://quarry-analytics.example/product.html", "canonical_url": "https://quarry-analytics.example/product.html", "title": "Quarry Analytics: dashboards your whole team will use", "snippet": "Quarry Analytics: dashboards your whole team will use Quarry Analytics connects to your shop, your payment provider and your marketing tools, and turns their data into dashboards that everyone in\u2026", "cell": "Quarry Analytics/latency", "query": "Quarry Analytics latency", "rank": 5, "step": 1, "refused": null, "hint": null, "hint_display": null}');
CREATE TABLE reports (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('md', 'json')),
            body TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (task_id, run_id, format)
        );
INSERT INTO "reports" VALUES('conflict06-mid','conflict06-mid-r1','md','# Research report: What is the license of Sablefish?

**Status:** Partial — budget_exhausted  
**Why it stopped:** budget_steps: 4/4 steps  
**Open cells (1):** Sablefish/license  
**Task:** `conflict06-mid`  
**Cells:** 1 partial  
**Used:** steps 4, tool calls 4, tokens 0, cost 0.00, elapsed seconds 4.10

## Answer

The run is not complete (budget_exhausted): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Sablefish | license | partial | open (see Open questions) |  |

### Conflicts

- **Sablefish / license**: sources disagree — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]; resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it

## Verified claims

No claim is verified yet.

## Open questions

- **Sablefish / license** (partial): still needed: 1 more independent source(s) stating GNU Affero General Public License
  - candidate (not cross-checked): GNU Affero General Public License — [S2] Sablefish log viewer switches to copyleft terms — https://opensource-ledger.example/2024/06/sablefish-relicensed.html (secondary, 2024-06-03): "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
  - candidate (not cross-checked): MIT License — [S1] Sablefish: a log viewer that respects your terminal — https://toolsmith-blog.example/2023/03/sablefish-review.html (secondary, 2023-03-08): "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
  - candidate (not cross-checked): MIT license — [S4] CLI Tools Weekly, issue 112 — https://clitools-weekly.example/issues/112.html (secondary, 2023-07-21): "Sablefish is released under the MIT license and is available from most package managers."
  - conflict: the conditions differ — sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary] (resolved: the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it)
  - scope: searched 1 query so far, strategy rung: initial

## Paths already tried

4 tool calls ran; a resume does not repeat any of them.

- **Sablefish / license**
  - queries: `Sablefish license`
  - strategies: initial
  - sources opened: [S2], [S1], [S4]

## How to resume

Continue from the 1 open cell with:

```
research resume conflict06-mid --db /tmp/tmprtfja0_x/v5.db --add-steps 20
```

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | Sablefish: a log viewer that respects your terminal | https://toolsmith-blog.example/2023/03/sablefish-review.html | secondary | opened | S1 |
| S2 | Sablefish log viewer switches to copyleft terms | https://opensource-ledger.example/2024/06/sablefish-relicensed.html | secondary | opened | S2 |
| S3 | Sablefish log viewer switches to copyleft terms | https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html | secondary | snippet only |  |
| S4 | CLI Tools Weekly, issue 112 | https://clitools-weekly.example/issues/112.html | secondary | opened | S4 |
| S5 | Getting started with Sablefish | https://sablefish.example/docs/getting-started.html | secondary | snippet only |  |
','2026-12-01T13:39:52.893948+00:00');
INSERT INTO "reports" VALUES('conflict06-mid','conflict06-mid-r1','json','{
  "task_id": "conflict06-mid",
  "question": "What is the license of Sablefish?",
  "status": "Partial",
  "end_kind": "budget_exhausted",
  "stop_reason": "budget_steps",
  "stop_detail": "4/4 steps",
  "answer": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "conclusion": null,
      "source_ids": [],
      "conflict": true,
      "conflict_note": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "irrelevant_reason": null,
      "scope_note": null
    }
  ],
  "answer_text": null,
  "verified_claims": [],
  "open_questions": [
    {
      "cell": "Sablefish/license",
      "object": "Sablefish",
      "dimension": "license",
      "status": "partial",
      "needed": "1 more independent source(s) stating GNU Affero General Public License",
      "candidates": [
        {
          "finding_id": "F2",
          "value": "GNU Affero General Public License",
          "cross_checked": false,
          "id": "S2",
          "title": "Sablefish log viewer switches to copyleft terms",
          "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
          "source_type": "secondary",
          "date": "2024-06-03",
          "opened": true,
          "quote": "Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday."
        },
        {
          "finding_id": "F1",
          "value": "MIT License",
          "cross_checked": false,
          "id": "S1",
          "title": "Sablefish: a log viewer that respects your terminal",
          "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
          "source_type": "secondary",
          "date": "2023-03-08",
          "opened": true,
          "quote": "Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job."
        },
        {
          "finding_id": "F3",
          "value": "MIT license",
          "cross_checked": false,
          "id": "S4",
          "title": "CLI Tools Weekly, issue 112",
          "url": "https://clitools-weekly.example/issues/112.html",
          "source_type": "secondary",
          "date": "2023-07-21",
          "opened": true,
          "quote": "Sablefish is released under the MIT license and is available from most package managers."
        }
      ],
      "conflict": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "conflict_resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "scope": "searched 1 query so far, strategy rung: initial",
      "exhausted": false
    }
  ],
  "conflicts": [
    {
      "cell": "Sablefish/license",
      "conditions": "sources disagree: MIT License [S1 toolsmith-blog.example 2023-03-08 secondary, S4 clitools-weekly.example 2023-07-21 secondary] vs GNU Affero General Public License [S2 opensource-ledger.example 2024-06-03 secondary]",
      "resolution": "the newest source (2024-06-03) states GNU Affero General Public License; older sources predate it",
      "resolved": true
    }
  ],
  "paths_tried": {
    "cells": [
      {
        "cell": "Sablefish/license",
        "queries": [
          "Sablefish license"
        ],
        "strategies": [
          "initial"
        ],
        "sources_opened": [
          "S2",
          "S1",
          "S4"
        ],
        "exhausted": false
      }
    ],
    "failed_calls": [],
    "tool_calls": 4
  },
  "resumable": true,
  "resume_command": "research resume conflict06-mid --db /tmp/tmprtfja0_x/v5.db --add-steps 20",
  "resume_options": [],
  "not_resumable_reason": null,
  "sources": [
    {
      "id": "S1",
      "title": "Sablefish: a log viewer that respects your terminal",
      "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html",
      "domain": "toolsmith-blog.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2023-03-08",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html",
      "domain": "opensource-ledger.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-06-03",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S3",
      "title": "Sablefish log viewer switches to copyleft terms",
      "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html",
      "domain": "devwire-syndicate.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S4",
      "title": "CLI Tools Weekly, issue 112",
      "url": "https://clitools-weekly.example/issues/112.html",
      "canonical_url": "https://clitools-weekly.example/issues/112.html",
      "domain": "clitools-weekly.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S4",
      "date": "2023-07-21",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S5",
      "title": "Getting started with Sablefish",
      "url": "https://sablefish.example/docs/getting-started.html",
      "canonical_url": "https://sablefish.example/docs/getting-started.html",
      "domain": "sablefish.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    }
  ],
  "risk": [],
  "usage": {
    "steps": 4,
    "tool_calls": 4,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 4.099
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-01T13:39:52.893948+00:00');
INSERT INTO "reports" VALUES('loop03-mid','loop03-mid-r1','md','# Research report: What is the latency of Quarry Analytics dashboards?

**Status:** Partial — budget_exhausted  
**Why it stopped:** budget_steps: 2/2 steps  
**Open cells (1):** Quarry Analytics/latency  
**Task:** `loop03-mid`  
**Cells:** 1 partial  
**Used:** steps 2, tool calls 2, tokens 0, cost 0.00, elapsed seconds 0.67

## Answer

The run is not complete (budget_exhausted): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Quarry Analytics | latency | partial | open (see Open questions) |  |

## Verified claims

No claim is verified yet.

## Open questions

- **Quarry Analytics / latency** (partial): still needed: 1 more independent source(s) stating 350 ms
  - candidate (not cross-checked): 350 ms — [S1] New columnar engine arrives in Quarry Analytics — https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html (secondary, 2024-09-18): "Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine."
  - scope: searched 1 query so far, strategy rung: initial

## Paths already tried

2 tool calls ran; a resume does not repeat any of them.

- **Quarry Analytics / latency**
  - queries: `Quarry Analytics latency`
  - strategies: initial
  - sources opened: [S1]

## How to resume

Continue from the 1 open cell with:

```
research resume loop03-mid --db /tmp/tmprtfja0_x/v5.db --add-steps 20
```

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | New columnar engine arrives in Quarry Analytics | https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html | secondary | opened | S1 |
| S2 | Quarry Analytics launches new query engine | https://bizwire-today.example/2024/09/quarry-analytics-speed.html | secondary | snippet only |  |
| S3 | Quarry Analytics promises faster dashboards with a rebuilt engine | https://saas-insider.example/news/quarry-analytics-faster-dashboards.html | secondary | snippet only |  |
| S4 | Quarry Analytics new engine | https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html | forum | snippet only |  |
| S5 | Quarry Analytics: dashboards your whole team will use | https://quarry-analytics.example/product.html | primary | snippet only |  |
','2026-12-01T13:39:53.624005+00:00');
INSERT INTO "reports" VALUES('loop03-mid','loop03-mid-r1','json','{
  "task_id": "loop03-mid",
  "question": "What is the latency of Quarry Analytics dashboards?",
  "status": "Partial",
  "end_kind": "budget_exhausted",
  "stop_reason": "budget_steps",
  "stop_detail": "2/2 steps",
  "answer": [
    {
      "cell": "Quarry Analytics/latency",
      "object": "Quarry Analytics",
      "dimension": "latency",
      "status": "partial",
      "conclusion": null,
      "source_ids": [],
      "conflict": false,
      "conflict_note": null,
      "resolution": null,
      "irrelevant_reason": null,
      "scope_note": null
    }
  ],
  "answer_text": null,
  "verified_claims": [],
  "open_questions": [
    {
      "cell": "Quarry Analytics/latency",
      "object": "Quarry Analytics",
      "dimension": "latency",
      "status": "partial",
      "needed": "1 more independent source(s) stating 350 ms",
      "candidates": [
        {
          "finding_id": "F1",
          "value": "350 ms",
          "cross_checked": false,
          "id": "S1",
          "title": "New columnar engine arrives in Quarry Analytics",
          "url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html",
          "source_type": "secondary",
          "date": "2024-09-18",
          "opened": true,
          "quote": "Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine."
        }
      ],
      "conflict": null,
      "conflict_resolution": null,
      "scope": "searched 1 query so far, strategy rung: initial",
      "exhausted": false
    }
  ],
  "conflicts": [],
  "paths_tried": {
    "cells": [
      {
        "cell": "Quarry Analytics/latency",
        "queries": [
          "Quarry Analytics latency"
        ],
        "strategies": [
          "initial"
        ],
        "sources_opened": [
          "S1"
        ],
        "exhausted": false
      }
    ],
    "failed_calls": [],
    "tool_calls": 2
  },
  "resumable": true,
  "resume_command": "research resume loop03-mid --db /tmp/tmprtfja0_x/v5.db --add-steps 20",
  "resume_options": [],
  "not_resumable_reason": null,
  "sources": [
    {
      "id": "S1",
      "title": "New columnar engine arrives in Quarry Analytics",
      "url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html",
      "canonical_url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html",
      "domain": "martech-pulse.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2024-09-18",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Quarry Analytics launches new query engine",
      "url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html",
      "canonical_url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html",
      "domain": "bizwire-today.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S3",
      "title": "Quarry Analytics promises faster dashboards with a rebuilt engine",
      "url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html",
      "canonical_url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html",
      "domain": "saas-insider.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S4",
      "title": "Quarry Analytics new engine",
      "url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html",
      "canonical_url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html",
      "domain": "forum.analytics-pros.example",
      "source_type": "forum",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S5",
      "title": "Quarry Analytics: dashboards your whole team will use",
      "url": "https://quarry-analytics.example/product.html",
      "canonical_url": "https://quarry-analytics.example/product.html",
      "domain": "quarry-analytics.example",
      "source_type": "primary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    }
  ],
  "risk": [],
  "usage": {
    "steps": 2,
    "tool_calls": 2,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 0.669
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-01T13:39:53.624005+00:00');
CREATE TABLE runs (
            id TEXT PRIMARY KEY,
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('first', 'resume')),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            steps INTEGER NOT NULL DEFAULT 0,
            pid INTEGER, usage_json TEXT NOT NULL DEFAULT '{}', start_step INTEGER NOT NULL DEFAULT 0,
            UNIQUE (task_id, number)
        );
INSERT INTO "runs" VALUES('conflict06-mid-r1','conflict06-mid',1,'first','2026-12-01T13:39:48.793494+00:00','2026-12-01T13:39:52.893948+00:00','budget_exhausted','budget_steps','4/4 steps',4,23316,'{"steps":4,"tool_calls":4,"tokens":0,"cost":0.0,"elapsed_seconds":4.1}',0);
INSERT INTO "runs" VALUES('loop03-mid-r1','loop03-mid',1,'first','2026-12-01T13:39:52.953427+00:00','2026-12-01T13:39:53.624005+00:00','budget_exhausted','budget_steps','2/2 steps',2,23316,'{"steps":2,"tool_calls":2,"tokens":0,"cost":0.0,"elapsed_seconds":0.67}',0);
CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO "schema_migrations" VALUES(1,'m001_initial','2026-12-01T13:39:48.760275+00:00');
INSERT INTO "schema_migrations" VALUES(2,'m002_run_usage','2026-12-01T13:39:48.780977+00:00');
INSERT INTO "schema_migrations" VALUES(3,'m003_run_start_step','2026-12-01T13:39:48.781307+00:00');
INSERT INTO "schema_migrations" VALUES(4,'m004_incremental_state','2026-12-01T13:39:48.783109+00:00');
INSERT INTO "schema_migrations" VALUES(5,'m005_progress_counters','2026-12-01T13:39:48.783302+00:00');
CREATE TABLE sources (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            url TEXT NOT NULL,
            canonical_url TEXT NOT NULL,
            domain TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            source_type TEXT NOT NULL DEFAULT 'unknown',
            opened INTEGER NOT NULL DEFAULT 0,
            cluster_id TEXT,
            date TEXT, data_json TEXT,
            PRIMARY KEY (task_id, id)
        );
INSERT INTO "sources" VALUES('conflict06-mid','S1','https://toolsmith-blog.example/2023/03/sablefish-review.html','https://toolsmith-blog.example/2023/03/sablefish-review.html','toolsmith-blog.example','Sablefish: a log viewer that respects your terminal','secondary',1,'S1','2023-03-08','{"id": "S1", "url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "canonical_url": "https://toolsmith-blog.example/2023/03/sablefish-review.html", "domain": "toolsmith-blog.example", "title": "Sablefish: a log viewer that respects your terminal", "snippet": "\u2026Sablefish is licensed under the MIT License, which made it an easy sell to the legal team at my day job. Performance is good. Opening a two-gigabyte file takes\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2023-03-08", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S2','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','https://opensource-ledger.example/2024/06/sablefish-relicensed.html','opensource-ledger.example','Sablefish log viewer switches to copyleft terms','secondary',1,'S2','2024-06-03','{"id": "S2", "url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "canonical_url": "https://opensource-ledger.example/2024/06/sablefish-relicensed.html", "domain": "opensource-ledger.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-06-03", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S3','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html','devwire-syndicate.example','Sablefish log viewer switches to copyleft terms','secondary',0,NULL,NULL,'{"id": "S3", "url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "canonical_url": "https://devwire-syndicate.example/tech/2024/06/sablefish-relicensed.html", "domain": "devwire-syndicate.example", "title": "Sablefish log viewer switches to copyleft terms", "snippet": "\u2026Sablefish is now licensed under the GNU Affero General Public License, according to a notice published in the project''s repository on Monday. Earlier tags keep their permissive terms, so\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S4','https://clitools-weekly.example/issues/112.html','https://clitools-weekly.example/issues/112.html','clitools-weekly.example','CLI Tools Weekly, issue 112','secondary',1,'S4','2023-07-21','{"id": "S4", "url": "https://clitools-weekly.example/issues/112.html", "canonical_url": "https://clitools-weekly.example/issues/112.html", "domain": "clitools-weekly.example", "title": "CLI Tools Weekly, issue 112", "snippet": "\u2026Sablefish 2.3 The terminal log viewer Sablefish shipped version 2.3 with saved filter sets and a much faster JSON parser. Sablefish is released under the MIT license and\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S4", "date": "2023-07-21", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 4, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('conflict06-mid','S5','https://sablefish.example/docs/getting-started.html','https://sablefish.example/docs/getting-started.html','sablefish.example','Getting started with Sablefish','secondary',0,NULL,NULL,'{"id": "S5", "url": "https://sablefish.example/docs/getting-started.html", "canonical_url": "https://sablefish.example/docs/getting-started.html", "domain": "sablefish.example", "title": "Getting started with Sablefish", "snippet": "Getting started with Sablefish Sablefish is a terminal viewer for log files and log streams. This page gets you from installation to your first filter in five minutes. Install Install\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop03-mid','S1','https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html','https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html','martech-pulse.example','New columnar engine arrives in Quarry Analytics','secondary',1,'S1','2024-09-18','{"id": "S1", "url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "canonical_url": "https://martech-pulse.example/2024/09/18/quarry-analytics-engine.html", "domain": "martech-pulse.example", "title": "New columnar engine arrives in Quarry Analytics", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S1", "date": "2024-09-18", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop03-mid','S2','https://bizwire-today.example/2024/09/quarry-analytics-speed.html','https://bizwire-today.example/2024/09/quarry-analytics-speed.html','bizwire-today.example','Quarry Analytics launches new query engine','secondary',0,NULL,NULL,'{"id": "S2", "url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html", "canonical_url": "https://bizwire-today.example/2024/09/quarry-analytics-speed.html", "domain": "bizwire-today.example", "title": "Quarry Analytics launches new query engine", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop03-mid','S3','https://saas-insider.example/news/quarry-analytics-faster-dashboards.html','https://saas-insider.example/news/quarry-analytics-faster-dashboards.html','saas-insider.example','Quarry Analytics promises faster dashboards with a rebuilt engine','secondary',0,NULL,NULL,'{"id": "S3", "url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html", "canonical_url": "https://saas-insider.example/news/quarry-analytics-faster-dashboards.html", "domain": "saas-insider.example", "title": "Quarry Analytics promises faster dashboards with a rebuilt engine", "snippet": "\u2026Quarry Analytics says its dashboards now load with a median latency of 350 ms on the new engine. The company said the largest gains come on dashboards that aggregate months\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop03-mid','S4','https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html','https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html','forum.analytics-pros.example','Quarry Analytics new engine','forum',0,NULL,NULL,'{"id": "S4", "url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html", "canonical_url": "https://forum.analytics-pros.example/t/quarry-analytics-new-engine.html", "domain": "forum.analytics-pros.example", "title": "Quarry Analytics new engine", "snippet": "\u2026Quarry Analytics new engine Same here, feels faster. Exports were broken for a day after the switch but support fixed it quickly. Good to know it''s not just us\u2026", "source_type": "forum", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop03-mid','S5','https://quarry-analytics.example/product.html','https://quarry-analytics.example/product.html','quarry-analytics.example','Quarry Analytics: dashboards your whole team will use','primary',0,NULL,NULL,'{"id": "S5", "url": "https://quarry-analytics.example/product.html", "canonical_url": "https://quarry-analytics.example/product.html", "domain": "quarry-analytics.example", "title": "Quarry Analytics: dashboards your whole team will use", "snippet": "Quarry Analytics: dashboards your whole team will use Quarry Analytics connects to your shop, your payment provider and your marketing tools, and turns their data into dashboards that everyone in\u2026", "source_type": "primary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
CREATE TABLE state (
            task_id TEXT PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            state_json TEXT NOT NULL,
            signature TEXT NOT NULL,
            updated_at TEXT NOT NULL
        , layout INTEGER NOT NULL DEFAULT 1, generation INTEGER NOT NULL DEFAULT 0);
INSERT INTO "state" VALUES('conflict06-mid',4,'{"task": "What is the license of Sablefish?", "current_step": 4, "final_result": null, "stop_reason": "budget_steps", "stop_detail": "4/4 steps", "metadata": {}, "metrics": {}, "contract": {"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {}, "progress": {"tool_calls": 4, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 4, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "741ec314d7c14dd2", "notice": null, "focus": "Sablefish/license", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 3, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 4, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32"}, "clusters_present": true}','741ec314d7c14dd2','2026-12-01T13:39:52.894572+00:00',2,5);
INSERT INTO "state" VALUES('loop03-mid',2,'{"task": "What is the latency of Quarry Analytics dashboards?", "current_step": 2, "final_result": null, "stop_reason": "budget_steps", "stop_detail": "2/2 steps", "metadata": {}, "metrics": {}, "contract": {"question": "What is the latency of Quarry Analytics dashboards?", "objects": [{"name": "Quarry Analytics", "aliases": [], "official_domains": ["quarry-analytics.example"]}], "dimensions": [{"name": "latency", "keywords": ["latency", "load time", "response time"], "kind": "number", "values": [], "unit": "ms", "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {}, "progress": {"tool_calls": 2, "invalid_actions": 0, "refused_duplicates": 0, "consecutive_duplicates": 0, "refused_copies": 0, "refused_other": 0, "duplicate_sources": 0, "rejected_findings": 0, "rejected_reported": 0, "rejected_by": {}, "unchanged_steps": 0, "last_change_step": 2, "failures": {}, "consecutive_failures": {"search": 0, "visit": 0}, "attempts": {}}, "last_signature": "8dfb3d3975164ff9", "notice": null, "focus": "Quarry Analytics/latency", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32"}, "clusters_present": true}','8dfb3d3975164ff9','2026-12-01T13:39:53.624649+00:00',2,3);
CREATE TABLE tasks (
            id TEXT PRIMARY KEY,
            question TEXT NOT NULL,
            contract_json TEXT NOT NULL,
            contract_version TEXT NOT NULL,
            config_json TEXT NOT NULL DEFAULT '{}',
            tools_json TEXT NOT NULL DEFAULT '[]',
            status TEXT NOT NULL DEFAULT 'created',
            end_kind TEXT,
            stop_reason TEXT,
            stop_detail TEXT,
            budget_json TEXT NOT NULL DEFAULT '{}',
            usage_json TEXT NOT NULL DEFAULT '{}',
            cancel_requested INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
INSERT INTO "tasks" VALUES('conflict06-mid','What is the license of Sablefish?','{"question": "What is the license of Sablefish?", "objects": [{"name": "Sablefish", "aliases": [], "official_domains": []}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','6df21d17d8f0','{"db": "/tmp/tmprtfja0_x/v5.db", "traces": "/tmp/tmprtfja0_x/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/conflict/conflict-06", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 4, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20, "prefetch": 4, "prefetch_per_host": 2}','["search:local", "visit"]','partial','budget_exhausted','budget_steps','4/4 steps','{"max_steps": 4, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":4,"tool_calls":4,"tokens":0,"cost":0.0,"elapsed_seconds":4.1}',0,'2026-12-01T13:39:48.783871+00:00','2026-12-01T13:39:52.893948+00:00');
INSERT INTO "tasks" VALUES('loop03-mid','What is the latency of Quarry Analytics dashboards?','{"question": "What is the latency of Quarry Analytics dashboards?", "objects": [{"name": "Quarry Analytics", "aliases": [], "official_domains": ["quarry-analytics.example"]}], "dimensions": [{"name": "latency", "keywords": ["latency", "load time", "response time"], "kind": "number", "values": [], "unit": "ms", "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','3c54e04b1a35','{"db": "/tmp/tmprtfja0_x/v5.db", "traces": "/tmp/tmprtfja0_x/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/loop/loop-03", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 2, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20, "prefetch": 4, "prefetch_per_host": 2}','["search:local", "visit"]','partial','budget_exhausted','budget_steps','2/2 steps','{"max_steps": 2, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":2,"tool_calls":2,"tokens":0,"cost":0.0,"elapsed_seconds":0.67}',0,'2026-12-01T13:39:52.934215+00:00','2026-12-01T13:39:53.624005+00:00');
CREATE INDEX tasks_status ON tasks (status, updated_at);
CREATE INDEX sources_canonical ON sources (task_id, canonical_url);
CREATE INDEX actions_key ON actions (task_id, key);
COMMIT;
