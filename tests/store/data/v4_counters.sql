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
INSERT INTO "actions" VALUES('loop01-mid',1,0,'search','search:calder ci price','{"query": "Calder CI price", "cell": "Calder CI/price", "strategy": "initial"}','ok','Calder CI/price',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Calder CI price", "cell": "Calder CI/price", "strategy": "initial"}, "key": "search:calder ci price", "status": "ok", "cell": "Calder CI/price", "new_evidence": false, "new_leads": 5, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop01-mid',2,0,'visit','visit:https://calder-ci.example/pricing.html','{"url": "https://calder-ci.example/pricing.html", "cell": "Calder CI/price", "strategy": "initial"}','ok','Calder CI/price',0,NULL,'{"step": 2, "tool": "visit", "args": {"url": "https://calder-ci.example/pricing.html", "cell": "Calder CI/price", "strategy": "initial"}, "key": "visit:https://calder-ci.example/pricing.html", "status": "ok", "cell": "Calder CI/price", "new_evidence": false, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop01-mid',3,0,'visit','visit:https://newswire-central.example/2024/08/calder-ci-launch.html','{"url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "cell": "Calder CI/price", "strategy": "initial"}','ok','Calder CI/price',1,NULL,'{"step": 3, "tool": "visit", "args": {"url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "cell": "Calder CI/price", "strategy": "initial"}, "key": "visit:https://newswire-central.example/2024/08/calder-ci-launch.html", "status": "ok", "cell": "Calder CI/price", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop01-mid',4,0,'visit','visit:https://valleytech-herald.example/business/calder-ci-launch.html','{"url": "https://valleytech-herald.example/business/calder-ci-launch.html", "cell": "Calder CI/price", "strategy": "initial"}','ok','Calder CI/price',1,NULL,'{"step": 4, "tool": "visit", "args": {"url": "https://valleytech-herald.example/business/calder-ci-launch.html", "cell": "Calder CI/price", "strategy": "initial"}, "key": "visit:https://valleytech-herald.example/business/calder-ci-launch.html", "status": "ok", "cell": "Calder CI/price", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop01-mid',5,0,'visit','visit:https://dailybyte.example/wire/calder-ci-exits-beta.html','{"url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "cell": "Calder CI/price", "strategy": "initial"}','refused','Calder CI/price',0,'Refused','{"step": 5, "tool": "visit", "args": {"url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "cell": "Calder CI/price", "strategy": "initial"}, "key": "visit:https://dailybyte.example/wire/calder-ci-exits-beta.html", "status": "refused", "cell": "Calder CI/price", "new_evidence": false, "new_leads": 0, "error_type": "Refused", "error": "copy: same title and snippet as S2 (https://newswire-central.example/2024/08/calder-ci-launch.html), whose text was already found syndicated", "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop07-mid',1,0,'search','search:license metric sorrel','{"query": "Sorrel Metrics license", "cell": "Sorrel Metrics/license", "strategy": "initial"}','ok','Sorrel Metrics/license',0,NULL,'{"step": 1, "tool": "search", "args": {"query": "Sorrel Metrics license", "cell": "Sorrel Metrics/license", "strategy": "initial"}, "key": "search:license metric sorrel", "status": "ok", "cell": "Sorrel Metrics/license", "new_evidence": false, "new_leads": 3, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop07-mid',2,0,'visit','visit:https://sorrel-metrics.example/docs/license.html','{"url": "https://sorrel-metrics.example/docs/license.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}','error','Sorrel Metrics/license',0,'RateLimited','{"step": 2, "tool": "visit", "args": {"url": "https://sorrel-metrics.example/docs/license.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}, "key": "visit:https://sorrel-metrics.example/docs/license.html", "status": "error", "cell": "Sorrel Metrics/license", "new_evidence": false, "new_leads": 0, "error_type": "RateLimited", "error": "HTTP 429 rate limited for https://sorrel-metrics.example/docs/license.html", "transient": true, "retry_after": 0.1}');
INSERT INTO "actions" VALUES('loop07-mid',3,0,'visit','visit:https://sorrel-metrics.example/docs/license.html','{"url": "https://sorrel-metrics.example/docs/license.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}','ok','Sorrel Metrics/license',1,NULL,'{"step": 3, "tool": "visit", "args": {"url": "https://sorrel-metrics.example/docs/license.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}, "key": "visit:https://sorrel-metrics.example/docs/license.html", "status": "ok", "cell": "Sorrel Metrics/license", "new_evidence": true, "new_leads": 0, "error_type": null, "error": null, "transient": false, "retry_after": null}');
INSERT INTO "actions" VALUES('loop07-mid',4,0,'visit','visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html','{"url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}','error','Sorrel Metrics/license',0,'ServerError','{"step": 4, "tool": "visit", "args": {"url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}, "key": "visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "status": "error", "cell": "Sorrel Metrics/license", "new_evidence": false, "new_leads": 0, "error_type": "ServerError", "error": "HTTP 500 server error for https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "transient": true, "retry_after": null}');
INSERT INTO "actions" VALUES('loop07-mid',5,0,'visit','visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html','{"url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}','error','Sorrel Metrics/license',0,'ServerError','{"step": 5, "tool": "visit", "args": {"url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "cell": "Sorrel Metrics/license", "strategy": "initial"}, "key": "visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "status": "error", "cell": "Sorrel Metrics/license", "new_evidence": false, "new_leads": 0, "error_type": "ServerError", "error": "HTTP 500 server error for https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "transient": true, "retry_after": null}');
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
INSERT INTO "cells" VALUES('loop01-mid','Calder CI/price','Calder CI','price','partial','USD 15/seat/month','$15 per month per seat',0,'["S2", "S3"]','{"object": "Calder CI", "dimension": "price", "status": "partial", "value": "USD 15/seat/month", "conclusion": "$15 per month per seat", "finding_ids": ["F1", "F2"], "candidate_ids": [], "source_ids": ["S2", "S3"], "source_types": ["secondary"], "dates": ["2024-08-12"], "independent_sources": 1, "conflict": false, "conflict_note": null, "resolution": null, "needed": "1 more independent source(s) stating $15 per month per seat", "queries": ["Calder CI price"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 1}');
INSERT INTO "cells" VALUES('loop07-mid','Sorrel Metrics/license','Sorrel Metrics','license','partial','Apache-2.0','Apache License 2.0',0,'["S1"]','{"object": "Sorrel Metrics", "dimension": "license", "status": "partial", "value": "Apache-2.0", "conclusion": "Apache License 2.0", "finding_ids": ["F1"], "candidate_ids": [], "source_ids": ["S1"], "source_types": ["primary"], "dates": ["2024-02-26"], "independent_sources": 1, "conflict": false, "conflict_note": null, "resolution": null, "needed": "1 more independent source(s) stating Apache License 2.0", "queries": ["Sorrel Metrics license"], "strategies": ["initial"], "rung": 0, "tasked": true, "exhausted": false, "scope_note": null, "irrelevant_reason": null, "stale_steps": 0}');
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
INSERT INTO "findings" VALUES('loop01-mid','F1','Calder CI/price','USD 15/seat/month','Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute.','S2','https://newswire-central.example/2024/08/calder-ci-launch.html','2024-08-12','secondary',3,'{"id": "F1", "cell": "Calder CI/price", "value": "USD 15/seat/month", "display": "$15 per month per seat", "quote": "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute.", "source_id": "S2", "url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "date": "2024-08-12", "source_type": "secondary", "step": 3, "policy": "offline", "attribution": "name:Calder CI"}');
INSERT INTO "findings" VALUES('loop01-mid','F2','Calder CI/price','USD 15/seat/month','Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute.','S3','https://valleytech-herald.example/business/calder-ci-launch.html','2024-08-12','secondary',4,'{"id": "F2", "cell": "Calder CI/price", "value": "USD 15/seat/month", "display": "$15 per month per seat", "quote": "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute.", "source_id": "S3", "url": "https://valleytech-herald.example/business/calder-ci-launch.html", "date": "2024-08-12", "source_type": "secondary", "step": 4, "policy": "offline", "attribution": "name:Calder CI"}');
INSERT INTO "findings" VALUES('loop07-mid','F1','Sorrel Metrics/license','Apache-2.0','Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike.','S1','https://sorrel-metrics.example/docs/license.html','2024-02-26','primary',3,'{"id": "F1", "cell": "Sorrel Metrics/license", "value": "Apache-2.0", "display": "Apache License 2.0", "quote": "Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike.", "source_id": "S1", "url": "https://sorrel-metrics.example/docs/license.html", "date": "2024-02-26", "source_type": "primary", "step": 3, "policy": "offline", "attribution": "name:Sorrel Metrics"}');
CREATE TABLE fingerprints (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            source_id TEXT NOT NULL,
            cluster_id TEXT NOT NULL,
            hashvalues BLOB NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "fingerprints" VALUES('loop01-mid',0,'S1','S1',X'DD9310010000000011A84301000000009B6D2C02000000000BC2770F00000000D0059A0200000000F9E85806000000009BDFD90000000000B7D95E0200000000F605390500000000E9B7D8020000000080E27C0300000000E8CAFC030000000070FC780300000000F8D4D003000000001023C10100000000310A810400000000DCD8FB030000000014EC340500000000B2C0F80100000000B8D8B302000000004AA84A06000000009D60D10000000000B34AC60200000000481910070000000017F9C30C0000000052556603000000002E38030600000000B3774902000000005B350B0A0000000090A42C030000000031AB570200000000DD558B010000000033A1CA00000000003D7C7806000000008B97440500000000BB698A0100000000A073B003000000007F634B0100000000DED2E100000000006855DB01000000001874AB0000000000CF98E70100000000AD32560000000000ECE27F01000000009BF67D02000000002D631701000000006CE7270800000000CD98C50100000000707C1302000000002894C10100000000B787AE0800000000BB873F03000000006A6C2D0C000000002F679F03000000007D43A7000000000094A3BB01000000005F5FE9060000000086FF7E00000000000C07490000000000942C53020000000082B9F10400000000E75EFE0100000000A7AC680400000000441704010000000088FAEE0200000000C522960100000000F19102010000000020DF6900000000001D563000000000006FD60103000000009A1B260400000000772ECC0100000000593FB10500000000BDAFB30000000000BF74750700000000A688D60300000000169430030000000066D80001000000004629160200000000279913000000000023C88F0200000000B82C0704000000006C55F600000000007A342F03000000008A49620100000000A5B99B0200000000BFBFC90500000000C9CC9701000000003831640700000000203AD0010000000073BF9200000000002600A00A0000000049D81303000000007738A20400000000A67C4B00000000001D435B07000000003B67BE0000000000C28C8E0200000000E15C200500000000E2F4490000000000ACE6DD0600000000D60E6F1200000000277BA3040000000030CC950000000000DD9D2C02000000000DE13F0100000000BC61FC0000000000675E480300000000B17D1A0600000000332CCD0400000000E555EF0100000000FA034F1700000000E8AA590C00000000B527E100000000006ECD4A050000000034F39C010000000060130103000000007425960000000000BF20AF000000000097A3C609000000006F9D95000000000095CE010100000000F401000100000000FA06FA0200000000776BDA0400000000DC468300000000005B26460000000000D220250200000000');
INSERT INTO "fingerprints" VALUES('loop01-mid',1,'S2','S2',X'00AB5A0000000000BF6483050000000069CD8D00000000004E5C6E0000000000D4F44700000000009A2B110000000000AE6B2C0000000000E632730000000000FA6B030100000000F613140000000000CD133F000000000010D6BD000000000033C96B0100000000E4057800000000005E8E980100000000765A38000000000033E92900000000001C618100000000002F354C00000000000A1D1E01000000004392E10000000000E1DCB003000000009446EE00000000001653EA0000000000D357210000000000EE0AEB0000000000A97F060000000000ACE11B0000000000E59E12000000000069D4230000000000504DE301000000006F737800000000009FB6BA000000000061C045070000000000552E01000000007FE47202000000008E8D58000000000069D2EE000000000016A1B50000000000918AE0000000000023BC8701000000004FFB9A0400000000F3571B01000000000C64270200000000FFFCC103000000009A513A00000000004A4A08010000000050078900000000004DBF0C0100000000AC662B000000000000D5750100000000E5F21B06000000009EC87000000000005D2CFF0000000000156E9703000000002A530500000000008E5B6A000000000051FF070200000000D3F5A401000000009BC3120000000000C5B84600000000006B93670000000000CE213F04000000007940D20000000000D193D201000000007B98C30000000000DEB4D90300000000D58AAF0000000000528A0D01000000003D321D0100000000CB46100000000000B8CA6500000000003E514F01000000002607820100000000DBE0300000000000DECA6D000000000099859E0000000000BC709100000000001C78B100000000003E284C000000000085D61100000000000403F00000000000475D270100000000146AD00300000000921A1E0000000000FE637B0400000000CFE23801000000000B3063040000000012041C0000000000F9957B020000000014A598000000000096758B000000000004FA8F0000000000BE6761020000000027A7340000000000F60838000000000099181000000000004D7B540200000000A5C3060000000000CCE8000000000000A6D99403000000004571060000000000A2BC0A00000000000D59240000000000B6B37601000000009AAC0900000000002C1F1D000000000025F8640000000000EDB3520000000000D342F8030000000067DB0100000000004FA00C010000000062951A0000000000FB7DAB0100000000EC9E5201000000005212C701000000005549220100000000B10D97020000000071BE0600000000005730AF00000000001AAD020000000000653ABE0000000000BAE0310200000000F904050000000000A1216600000000002014840000000000D51AD301000000007AB12D0000000000');
INSERT INTO "fingerprints" VALUES('loop01-mid',2,'S3','S2',X'00AB5A0000000000BF6483050000000069CD8D00000000004E5C6E0000000000D4F44700000000009A2B110000000000AE6B2C0000000000E632730000000000FA6B030100000000F613140000000000CD133F000000000010D6BD000000000033C96B0100000000E4057800000000005E8E980100000000765A38000000000033E92900000000001C618100000000002F354C00000000000A1D1E01000000004392E10000000000E1DCB003000000009446EE0000000000212C190000000000D357210000000000EE0AEB0000000000A97F060000000000ACE11B0000000000E59E12000000000069D4230000000000504DE301000000006F737800000000009FB6BA000000000061C04507000000000D2D8D00000000007FE47202000000008E8D58000000000069D2EE000000000016A1B50000000000918AE0000000000023BC8701000000004FFB9A0400000000F3571B01000000000C64270200000000F8325C01000000009A513A00000000004A4A08010000000050078900000000004DBF0C0100000000AC662B000000000000D5750100000000E5F21B06000000009EC87000000000005D2CFF0000000000156E9703000000002A530500000000008E5B6A000000000051FF070200000000D3F5A401000000009BC3120000000000C5B84600000000006B93670000000000CE213F04000000007940D20000000000D193D201000000007B98C30000000000DEB4D90300000000D58AAF0000000000528A0D01000000003D321D0100000000CB46100000000000B8CA6500000000003E514F01000000002607820100000000DBE0300000000000DECA6D000000000099859E0000000000BC709100000000001C78B100000000003E284C000000000085D61100000000000403F00000000000475D270100000000146AD00300000000921A1E0000000000FE637B0400000000CFE23801000000000B3063040000000012041C0000000000F9957B020000000014A598000000000096758B000000000004FA8F0000000000BE6761020000000027A7340000000000F60838000000000099181000000000004D7B540200000000A5C3060000000000CCE8000000000000A6D99403000000004571060000000000A2BC0A00000000000D5924000000000047FC1A00000000009AAC0900000000002C1F1D000000000025F8640000000000EDB3520000000000D342F8030000000067DB0100000000004FA00C010000000062951A0000000000FB7DAB0100000000EC9E5201000000005212C701000000005549220100000000B10D97020000000071BE0600000000005730AF00000000001AAD020000000000653ABE0000000000BAE0310200000000F904050000000000A1216600000000002014840000000000D51AD301000000007AB12D0000000000');
INSERT INTO "fingerprints" VALUES('loop07-mid',0,'S1','S1',X'FB15DD0500000000C3724100000000006BC92F0000000000508AE70700000000C2F225040000000023DE1F02000000005087BA0800000000800CE309000000005697D602000000001DAC9A08000000002D526400000000006B0BF50000000000B27AC10700000000B32A7A0200000000CDD48A0800000000F2C8630E000000005411020000000000902D4B0700000000DEEEB40300000000BC34C600000000001284BA0400000000FD2E4F0300000000A85A460000000000C9EB17000000000039EB8B0200000000378A450A00000000C34F330C000000007EF28C0200000000D1F32B0000000000C7280200000000004F23140500000000C7F278020000000011910603000000001E8177010000000046E4AC000000000071B0710100000000A921020300000000C3906F0200000000939D970300000000321B8F0700000000524B4F11000000007400900500000000940CB90400000000629EB70900000000029FD109000000001E735D0500000000A1D296090000000090286D0000000000B9807603000000008D49460300000000592CDB01000000005472050600000000D1A4690500000000EAF7B504000000009D7F760000000000300FB8000000000024999B0800000000BA6BEA0600000000F7EA8600000000009C1CFD0100000000C00035010000000084AE660000000000F014760200000000B72CF403000000009DD5BF01000000006F1B0302000000002D932500000000006BCBEB000000000065722700000000003E55E70800000000C059B803000000004D80700700000000AF6AC10100000000A8AC4A06000000004683260000000000C58B65010000000039A08101000000004E5F7808000000003682360000000000EB85D3090000000091478809000000006F65810100000000BA92CB010000000052148B000000000079C6FD0500000000C5EEA80900000000181BAE02000000004444E80A000000006F25D90000000000C0C0800100000000B56FE40300000000123A310000000000F73852040000000084CC28010000000039E74F0500000000A3EF9B000000000036B37408000000006041B10400000000F824AF04000000002467AE000000000067A1110100000000F6079E000000000087619208000000006DB03B030000000041A06E080000000081276601000000001C6D72000000000001DCE8040000000057219B010000000095EE22090000000048D92C09000000004291470100000000AA62C10C00000000F6C3450D00000000B5F90202000000005CFBF80200000000D7FFE6020000000063B2DB01000000003170450200000000ED5552080000000091075E0800000000A3DCBC0500000000D7F22D03000000002305AC0400000000C7C40E01000000004AE0E819000000004DCA180200000000C9C0B10200000000');
CREATE TABLE leads (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            canonical_url TEXT NOT NULL,
            cell TEXT NOT NULL,
            data_json TEXT NOT NULL,
            PRIMARY KEY (task_id, seq)
        );
INSERT INTO "leads" VALUES('loop01-mid',0,'https://calder-ci.example/pricing.html','Calder CI/price','{"url": "https://calder-ci.example/pricing.html", "canonical_url": "https://calder-ci.example/pricing.html", "title": "Calder CI pricing", "snippet": "Calder CI pricing Every team builds differently, so Calder CI pricing is tailored to your team size and build volume. Tell us how many developers you have and roughly how\u2026", "cell": "Calder CI/price", "query": "Calder CI price", "rank": 1, "step": 1, "refused": null, "hint": null, "hint_display": null}');
INSERT INTO "leads" VALUES('loop01-mid',1,'https://newswire-central.example/2024/08/calder-ci-launch.html','Calder CI/price','{"url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "canonical_url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "cell": "Calder CI/price", "query": "Calder CI price", "rank": 2, "step": 1, "refused": null, "hint": "USD 15/seat/month", "hint_display": "$15 per month per seat"}');
INSERT INTO "leads" VALUES('loop01-mid',2,'https://valleytech-herald.example/business/calder-ci-launch.html','Calder CI/price','{"url": "https://valleytech-herald.example/business/calder-ci-launch.html", "canonical_url": "https://valleytech-herald.example/business/calder-ci-launch.html", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "cell": "Calder CI/price", "query": "Calder CI price", "rank": 3, "step": 1, "refused": null, "hint": "USD 15/seat/month", "hint_display": "$15 per month per seat"}');
INSERT INTO "leads" VALUES('loop01-mid',3,'https://dailybyte.example/wire/calder-ci-exits-beta.html','Calder CI/price','{"url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "canonical_url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "cell": "Calder CI/price", "query": "Calder CI price", "rank": 4, "step": 1, "refused": "copy: same title and snippet as S2 (https://newswire-central.example/2024/08/calder-ci-launch.html), whose text was already found syndicated", "hint": "USD 15/seat/month", "hint_display": "$15 per month per seat"}');
INSERT INTO "leads" VALUES('loop01-mid',4,'https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html','Calder CI/price','{"url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html", "canonical_url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "cell": "Calder CI/price", "query": "Calder CI price", "rank": 5, "step": 1, "refused": null, "hint": "USD 15/seat/month", "hint_display": "$15 per month per seat"}');
INSERT INTO "leads" VALUES('loop07-mid',0,'https://sorrel-metrics.example/docs/license.html','Sorrel Metrics/license','{"url": "https://sorrel-metrics.example/docs/license.html", "canonical_url": "https://sorrel-metrics.example/docs/license.html", "title": "Sorrel Metrics license", "snippet": "Sorrel Metrics license Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike. The dashboards shipped with Sorrel are covered\u2026", "cell": "Sorrel Metrics/license", "query": "Sorrel Metrics license", "rank": 1, "step": 1, "refused": null, "hint": "Apache-2.0", "hint_display": "Apache License 2.0"}');
INSERT INTO "leads" VALUES('loop07-mid',1,'https://observability-weekly.example/2024/03/sorrel-metrics-2.html','Sorrel Metrics/license','{"url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "canonical_url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "title": "Sorrel Metrics 2.0 brings long-term storage", "snippet": "\u2026Sorrel Metrics remains licensed under the Apache 2.0 license, and the maintainers said they have no plans to change that. Version 2.0 also brings a new alerting engine\u2026", "cell": "Sorrel Metrics/license", "query": "Sorrel Metrics license", "rank": 2, "step": 1, "refused": null, "hint": "Apache-2.0", "hint_display": "Apache 2.0"}');
INSERT INTO "leads" VALUES('loop07-mid',2,'https://sorrel-metrics.example/docs/install.html','Sorrel Metrics/license','{"url": "https://sorrel-metrics.example/docs/install.html", "canonical_url": "https://sorrel-metrics.example/docs/install.html", "title": "Installing Sorrel Metrics", "snippet": "Installing Sorrel Metrics Sorrel Metrics ships as a single binary for the server and a small agent for each monitored host. Start the server with a data directory and a\u2026", "cell": "Sorrel Metrics/license", "query": "Sorrel Metrics license", "rank": 3, "step": 1, "refused": null, "hint": null, "hint_display": null}');
CREATE TABLE reports (
            task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
            run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            format TEXT NOT NULL CHECK (format IN ('md', 'json')),
            body TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (task_id, run_id, format)
        );
INSERT INTO "reports" VALUES('loop01-mid','loop01-mid-r1','md','# Research report: What is the price of Calder CI per month?

**Status:** Partial — budget_exhausted  
**Why it stopped:** budget_steps: 5/5 steps  
**Open cells (1):** Calder CI/price  
**Task:** `loop01-mid`  
**Cells:** 1 partial  
**Used:** steps 5, tool calls 4, tokens 0, cost 0.00, elapsed seconds 2.42

## Answer

The run is not complete (budget_exhausted): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Calder CI | price | partial | open (see Open questions) |  |

## Verified claims

No claim is verified yet.

## Open questions

- **Calder CI / price** (partial): still needed: 1 more independent source(s) stating $15 per month per seat
  - candidate (not cross-checked): $15 per month per seat — [S2] Calder CI opens to all teams after invitation-only beta — https://newswire-central.example/2024/08/calder-ci-launch.html (secondary, 2024-08-12): "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute."
  - candidate (not cross-checked): $15 per month per seat — [S3] Calder CI opens to all teams after invitation-only beta — https://valleytech-herald.example/business/calder-ci-launch.html (secondary, 2024-08-12): "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute."
  - scope: searched 1 query so far, strategy rung: initial

## Paths already tried

4 tool calls ran; a resume does not repeat any of them.

- **Calder CI / price**
  - queries: `Calder CI price`
  - strategies: initial
  - sources opened: [S2], [S3], [S1]

## How to resume

Continue from the 1 open cell with:

```
research resume loop01-mid --db /tmp/tmpvyai5t46/v4.db --add-steps 20
```

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | Calder CI pricing | https://calder-ci.example/pricing.html | primary | opened | S1 |
| S2 | Calder CI opens to all teams after invitation-only beta | https://newswire-central.example/2024/08/calder-ci-launch.html | secondary | opened | S2 |
| S3 | Calder CI opens to all teams after invitation-only beta | https://valleytech-herald.example/business/calder-ci-launch.html | secondary | opened | S2 |
| S4 | Calder CI opens to all teams after invitation-only beta | https://dailybyte.example/wire/calder-ci-exits-beta.html | secondary | snippet only |  |
| S5 | Calder CI opens to all teams after invitation-only beta | https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html | secondary | snippet only |  |
| S6 | Anyone have a Calder CI quote? | https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html | forum | snippet only |  |
','2026-12-01T10:50:08.941895+00:00');
INSERT INTO "reports" VALUES('loop01-mid','loop01-mid-r1','json','{
  "task_id": "loop01-mid",
  "question": "What is the price of Calder CI per month?",
  "status": "Partial",
  "end_kind": "budget_exhausted",
  "stop_reason": "budget_steps",
  "stop_detail": "5/5 steps",
  "answer": [
    {
      "cell": "Calder CI/price",
      "object": "Calder CI",
      "dimension": "price",
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
      "cell": "Calder CI/price",
      "object": "Calder CI",
      "dimension": "price",
      "status": "partial",
      "needed": "1 more independent source(s) stating $15 per month per seat",
      "candidates": [
        {
          "finding_id": "F1",
          "value": "$15 per month per seat",
          "cross_checked": false,
          "id": "S2",
          "title": "Calder CI opens to all teams after invitation-only beta",
          "url": "https://newswire-central.example/2024/08/calder-ci-launch.html",
          "source_type": "secondary",
          "date": "2024-08-12",
          "opened": true,
          "quote": "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute."
        },
        {
          "finding_id": "F2",
          "value": "$15 per month per seat",
          "cross_checked": false,
          "id": "S3",
          "title": "Calder CI opens to all teams after invitation-only beta",
          "url": "https://valleytech-herald.example/business/calder-ci-launch.html",
          "source_type": "secondary",
          "date": "2024-08-12",
          "opened": true,
          "quote": "Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute."
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
        "cell": "Calder CI/price",
        "queries": [
          "Calder CI price"
        ],
        "strategies": [
          "initial"
        ],
        "sources_opened": [
          "S2",
          "S3",
          "S1"
        ],
        "exhausted": false
      }
    ],
    "failed_calls": [],
    "tool_calls": 4
  },
  "resumable": true,
  "resume_command": "research resume loop01-mid --db /tmp/tmpvyai5t46/v4.db --add-steps 20",
  "resume_options": [],
  "not_resumable_reason": null,
  "sources": [
    {
      "id": "S1",
      "title": "Calder CI pricing",
      "url": "https://calder-ci.example/pricing.html",
      "canonical_url": "https://calder-ci.example/pricing.html",
      "domain": "calder-ci.example",
      "source_type": "primary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2024-08-12",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Calder CI opens to all teams after invitation-only beta",
      "url": "https://newswire-central.example/2024/08/calder-ci-launch.html",
      "canonical_url": "https://newswire-central.example/2024/08/calder-ci-launch.html",
      "domain": "newswire-central.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-08-12",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S3",
      "title": "Calder CI opens to all teams after invitation-only beta",
      "url": "https://valleytech-herald.example/business/calder-ci-launch.html",
      "canonical_url": "https://valleytech-herald.example/business/calder-ci-launch.html",
      "domain": "valleytech-herald.example",
      "source_type": "secondary",
      "opened": true,
      "cluster_id": "S2",
      "date": "2024-08-12",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S4",
      "title": "Calder CI opens to all teams after invitation-only beta",
      "url": "https://dailybyte.example/wire/calder-ci-exits-beta.html",
      "canonical_url": "https://dailybyte.example/wire/calder-ci-exits-beta.html",
      "domain": "dailybyte.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S5",
      "title": "Calder CI opens to all teams after invitation-only beta",
      "url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html",
      "canonical_url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html",
      "domain": "northcoast-tribune.example",
      "source_type": "secondary",
      "opened": false,
      "cluster_id": null,
      "date": null,
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S6",
      "title": "Anyone have a Calder CI quote?",
      "url": "https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html",
      "canonical_url": "https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html",
      "domain": "forum.devops-lounge.example",
      "source_type": "forum",
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
    "steps": 5,
    "tool_calls": 4,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 2.421
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-01T10:50:08.941895+00:00');
INSERT INTO "reports" VALUES('loop07-mid','loop07-mid-r1','md','# Research report: What is the license of Sorrel Metrics?

**Status:** Partial — budget_exhausted  
**Why it stopped:** budget_steps: 5/5 steps  
**Open cells (1):** Sorrel Metrics/license  
**Task:** `loop07-mid`  
**Cells:** 1 partial  
**Used:** steps 5, tool calls 5, tokens 0, cost 0.00, elapsed seconds 0.24

## Answer

The run is not complete (budget_exhausted): only the confirmed rows below are verified answers; the others are open (see *Open questions*).

| Object | Dimension | Status | Conclusion | Sources |
|---|---|---|---|---|
| Sorrel Metrics | license | partial | open (see Open questions) |  |

## Verified claims

No claim is verified yet.

## Open questions

- **Sorrel Metrics / license** (partial): still needed: 1 more independent source(s) stating Apache License 2.0
  - candidate (not cross-checked): Apache License 2.0 — [S1] Sorrel Metrics license — https://sorrel-metrics.example/docs/license.html (primary, 2024-02-26): "Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike."
  - scope: searched 1 query so far, strategy rung: initial

## Paths already tried

2 tool calls ran; a resume does not repeat any of them.

- **Sorrel Metrics / license**
  - queries: `Sorrel Metrics license`
  - strategies: initial
  - sources opened: [S1]
- Failed calls:
  - `visit:https://sorrel-metrics.example/docs/license.html` — RateLimited (transient)
  - `visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html` — ServerError (transient)

## How to resume

Continue from the 1 open cell with:

```
research resume loop07-mid --db /tmp/tmpvyai5t46/v4.db --add-steps 20
```

## Sources

| Id | Title | URL | Type | Read | Cluster |
|---|---|---|---|---|---|
| S1 | Sorrel Metrics license | https://sorrel-metrics.example/docs/license.html | primary | opened | S1 |
| S2 | Sorrel Metrics 2.0 brings long-term storage | https://observability-weekly.example/2024/03/sorrel-metrics-2.html | secondary | snippet only |  |
| S3 | Installing Sorrel Metrics | https://sorrel-metrics.example/docs/install.html | primary | snippet only |  |
','2026-12-01T10:50:09.575555+00:00');
INSERT INTO "reports" VALUES('loop07-mid','loop07-mid-r1','json','{
  "task_id": "loop07-mid",
  "question": "What is the license of Sorrel Metrics?",
  "status": "Partial",
  "end_kind": "budget_exhausted",
  "stop_reason": "budget_steps",
  "stop_detail": "5/5 steps",
  "answer": [
    {
      "cell": "Sorrel Metrics/license",
      "object": "Sorrel Metrics",
      "dimension": "license",
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
      "cell": "Sorrel Metrics/license",
      "object": "Sorrel Metrics",
      "dimension": "license",
      "status": "partial",
      "needed": "1 more independent source(s) stating Apache License 2.0",
      "candidates": [
        {
          "finding_id": "F1",
          "value": "Apache License 2.0",
          "cross_checked": false,
          "id": "S1",
          "title": "Sorrel Metrics license",
          "url": "https://sorrel-metrics.example/docs/license.html",
          "source_type": "primary",
          "date": "2024-02-26",
          "opened": true,
          "quote": "Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike."
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
        "cell": "Sorrel Metrics/license",
        "queries": [
          "Sorrel Metrics license"
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
    "failed_calls": [
      {
        "tool": "visit",
        "key": "visit:https://sorrel-metrics.example/docs/license.html",
        "error_type": "RateLimited",
        "transient": true,
        "step": 2
      },
      {
        "tool": "visit",
        "key": "visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html",
        "error_type": "ServerError",
        "transient": true,
        "step": 5
      }
    ],
    "tool_calls": 2
  },
  "resumable": true,
  "resume_command": "research resume loop07-mid --db /tmp/tmpvyai5t46/v4.db --add-steps 20",
  "resume_options": [],
  "not_resumable_reason": null,
  "sources": [
    {
      "id": "S1",
      "title": "Sorrel Metrics license",
      "url": "https://sorrel-metrics.example/docs/license.html",
      "canonical_url": "https://sorrel-metrics.example/docs/license.html",
      "domain": "sorrel-metrics.example",
      "source_type": "primary",
      "opened": true,
      "cluster_id": "S1",
      "date": "2024-02-26",
      "failure": null,
      "quarantined": false,
      "quarantined_passages": []
    },
    {
      "id": "S2",
      "title": "Sorrel Metrics 2.0 brings long-term storage",
      "url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html",
      "canonical_url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html",
      "domain": "observability-weekly.example",
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
      "title": "Installing Sorrel Metrics",
      "url": "https://sorrel-metrics.example/docs/install.html",
      "canonical_url": "https://sorrel-metrics.example/docs/install.html",
      "domain": "sorrel-metrics.example",
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
    "steps": 5,
    "tool_calls": 5,
    "tokens": 0,
    "cost": 0.0,
    "elapsed_seconds": 0.242
  },
  "counts": {
    "confirmed": 0,
    "partial": 1,
    "pending": 0,
    "unavailable": 0,
    "irrelevant": 0
  },
  "answer_by": null
}','2026-12-01T10:50:09.575555+00:00');
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
INSERT INTO "runs" VALUES('loop01-mid-r1','loop01-mid',1,'first','2026-12-01T10:50:06.150824+00:00','2026-12-01T10:50:08.941895+00:00','budget_exhausted','budget_steps','5/5 steps',5,11022,'{"steps":5,"tool_calls":4,"tokens":0,"cost":0.0,"elapsed_seconds":2.423}',0);
INSERT INTO "runs" VALUES('loop07-mid-r1','loop07-mid',1,'first','2026-12-01T10:50:08.977376+00:00','2026-12-01T10:50:09.575555+00:00','budget_exhausted','budget_steps','5/5 steps',5,11022,'{"steps":5,"tool_calls":5,"tokens":0,"cost":0.0,"elapsed_seconds":0.242}',0);
CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
);
INSERT INTO "schema_migrations" VALUES(1,'m001_initial','2026-12-01T10:50:06.134088+00:00');
INSERT INTO "schema_migrations" VALUES(2,'m002_run_usage','2026-12-01T10:50:06.141203+00:00');
INSERT INTO "schema_migrations" VALUES(3,'m003_run_start_step','2026-12-01T10:50:06.141547+00:00');
INSERT INTO "schema_migrations" VALUES(4,'m004_incremental_state','2026-12-01T10:50:06.149278+00:00');
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
INSERT INTO "sources" VALUES('loop01-mid','S1','https://calder-ci.example/pricing.html','https://calder-ci.example/pricing.html','calder-ci.example','Calder CI pricing','primary',1,'S1','2024-08-12','{"id": "S1", "url": "https://calder-ci.example/pricing.html", "canonical_url": "https://calder-ci.example/pricing.html", "domain": "calder-ci.example", "title": "Calder CI pricing", "snippet": "Calder CI pricing Every team builds differently, so Calder CI pricing is tailored to your team size and build volume. Tell us how many developers you have and roughly how\u2026", "source_type": "primary", "opened": true, "cluster_id": "S1", "date": "2024-08-12", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 2, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop01-mid','S2','https://newswire-central.example/2024/08/calder-ci-launch.html','https://newswire-central.example/2024/08/calder-ci-launch.html','newswire-central.example','Calder CI opens to all teams after invitation-only beta','secondary',1,'S2','2024-08-12','{"id": "S2", "url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "canonical_url": "https://newswire-central.example/2024/08/calder-ci-launch.html", "domain": "newswire-central.example", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-08-12", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop01-mid','S3','https://valleytech-herald.example/business/calder-ci-launch.html','https://valleytech-herald.example/business/calder-ci-launch.html','valleytech-herald.example','Calder CI opens to all teams after invitation-only beta','secondary',1,'S2','2024-08-12','{"id": "S3", "url": "https://valleytech-herald.example/business/calder-ci-launch.html", "canonical_url": "https://valleytech-herald.example/business/calder-ci-launch.html", "domain": "valleytech-herald.example", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "source_type": "secondary", "opened": true, "cluster_id": "S2", "date": "2024-08-12", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 4, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop01-mid','S4','https://dailybyte.example/wire/calder-ci-exits-beta.html','https://dailybyte.example/wire/calder-ci-exits-beta.html','dailybyte.example','Calder CI opens to all teams after invitation-only beta','secondary',0,NULL,NULL,'{"id": "S4", "url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "canonical_url": "https://dailybyte.example/wire/calder-ci-exits-beta.html", "domain": "dailybyte.example", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop01-mid','S5','https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html','https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html','northcoast-tribune.example','Calder CI opens to all teams after invitation-only beta','secondary',0,NULL,NULL,'{"id": "S5", "url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html", "canonical_url": "https://northcoast-tribune.example/tech/2024/08/12/calder-ci.html", "domain": "northcoast-tribune.example", "title": "Calder CI opens to all teams after invitation-only beta", "snippet": "\u2026The company has not published a price list. Early customers say Calder CI costs $15 per month per seat, with build machines billed separately by the minute. \"Most teams spend\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop01-mid','S6','https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html','https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html','forum.devops-lounge.example','Anyone have a Calder CI quote?','forum',0,NULL,NULL,'{"id": "S6", "url": "https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html", "canonical_url": "https://forum.devops-lounge.example/t/anyone-have-a-calder-ci-quote.html", "domain": "forum.devops-lounge.example", "title": "Anyone have a Calder CI quote?", "snippet": "We''re evaluating Calder CI against our current setup. Has anyone actually gone through their sales process? I want a rough idea before I spend an hour on a call\u2026", "source_type": "forum", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop07-mid','S1','https://sorrel-metrics.example/docs/license.html','https://sorrel-metrics.example/docs/license.html','sorrel-metrics.example','Sorrel Metrics license','primary',1,'S1','2024-02-26','{"id": "S1", "url": "https://sorrel-metrics.example/docs/license.html", "canonical_url": "https://sorrel-metrics.example/docs/license.html", "domain": "sorrel-metrics.example", "title": "Sorrel Metrics license", "snippet": "Sorrel Metrics license Sorrel Metrics is licensed under the Apache License 2.0, for the server, the agents and the client libraries alike. The dashboards shipped with Sorrel are covered\u2026", "source_type": "primary", "opened": true, "cluster_id": "S1", "date": "2024-02-26", "fingerprint": "@member", "first_seen_step": 1, "opened_step": 3, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop07-mid','S2','https://observability-weekly.example/2024/03/sorrel-metrics-2.html','https://observability-weekly.example/2024/03/sorrel-metrics-2.html','observability-weekly.example','Sorrel Metrics 2.0 brings long-term storage','secondary',0,NULL,NULL,'{"id": "S2", "url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "canonical_url": "https://observability-weekly.example/2024/03/sorrel-metrics-2.html", "domain": "observability-weekly.example", "title": "Sorrel Metrics 2.0 brings long-term storage", "snippet": "\u2026Sorrel Metrics remains licensed under the Apache 2.0 license, and the maintainers said they have no plans to change that. Version 2.0 also brings a new alerting engine\u2026", "source_type": "secondary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
INSERT INTO "sources" VALUES('loop07-mid','S3','https://sorrel-metrics.example/docs/install.html','https://sorrel-metrics.example/docs/install.html','sorrel-metrics.example','Installing Sorrel Metrics','primary',0,NULL,NULL,'{"id": "S3", "url": "https://sorrel-metrics.example/docs/install.html", "canonical_url": "https://sorrel-metrics.example/docs/install.html", "domain": "sorrel-metrics.example", "title": "Installing Sorrel Metrics", "snippet": "Installing Sorrel Metrics Sorrel Metrics ships as a single binary for the server and a small agent for each monitored host. Start the server with a data directory and a\u2026", "source_type": "primary", "opened": false, "cluster_id": null, "date": null, "fingerprint": null, "first_seen_step": 1, "opened_step": null, "failure": null, "quarantined": false, "quarantined_passages": []}');
CREATE TABLE state (
            task_id TEXT PRIMARY KEY REFERENCES tasks (id) ON DELETE CASCADE,
            step INTEGER NOT NULL,
            state_json TEXT NOT NULL,
            signature TEXT NOT NULL,
            updated_at TEXT NOT NULL
        , layout INTEGER NOT NULL DEFAULT 1, generation INTEGER NOT NULL DEFAULT 0);
INSERT INTO "state" VALUES('loop01-mid',5,'{"task": "What is the price of Calder CI per month?", "current_step": 5, "final_result": null, "stop_reason": "budget_steps", "stop_detail": "5/5 steps", "metadata": {}, "metrics": {}, "contract": {"question": "What is the price of Calder CI per month?", "objects": [{"name": "Calder CI", "aliases": [], "official_domains": ["calder-ci.example"]}], "dimensions": [{"name": "price", "keywords": ["price", "pricing", "costs", "per month"], "kind": "number", "values": [], "unit": "USD", "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {"tool_calls": 4, "consecutive_failures:search": 0, "consecutive_duplicates": 0, "unchanged_steps": 1, "last_change_step": 4, "rejected_reported": 0, "consecutive_failures:visit": 0, "invalid_actions": 1, "duplicate_sources": 1, "refused_copies": 1}, "last_signature": "b2ed4726b5d4adee", "notice": "step 5: visit refused \u2014 copy: same title and snippet as S2 (https://newswire-central.example/2024/08/calder-ci-launch.html), whose text was already found syndicated", "focus": "Calder CI/price", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 3, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 4, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 5, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32"}, "clusters_present": true}','b2ed4726b5d4adee','2026-12-01T10:50:08.942477+00:00',2,6);
INSERT INTO "state" VALUES('loop07-mid',5,'{"task": "What is the license of Sorrel Metrics?", "current_step": 5, "final_result": null, "stop_reason": "budget_steps", "stop_detail": "5/5 steps", "metadata": {}, "metrics": {}, "contract": {"question": "What is the license of Sorrel Metrics?", "objects": [{"name": "Sorrel Metrics", "aliases": [], "official_domains": ["sorrel-metrics.example"]}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}, "risk": [], "counters": {"tool_calls": 5, "consecutive_failures:search": 0, "consecutive_duplicates": 0, "unchanged_steps": 2, "last_change_step": 3, "rejected_reported": 0, "consecutive_failures:visit": 2, "failures:visit": 3, "attempts:visit:https://sorrel-metrics.example/docs/license.html": 1, "attempts:visit:https://observability-weekly.example/2024/03/sorrel-metrics-2.html": 2}, "last_signature": "82c5a3befb82b060", "notice": null, "focus": "Sorrel Metrics/license", "step_log": [{"step": 1, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 2, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 0, "pending": 1, "unavailable": 0, "irrelevant": 0}}, {"step": 3, "rejected_findings": 0, "new_evidence": true, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 4, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}, {"step": 5, "rejected_findings": 0, "new_evidence": false, "gaps_closed": [], "status_counts": {"confirmed": 0, "partial": 1, "pending": 0, "unavailable": 0, "irrelevant": 0}}], "clusters": {"threshold": 0.7, "num_perm": 128, "scheme": "affine32"}, "clusters_present": true}','82c5a3befb82b060','2026-12-01T10:50:09.576088+00:00',2,6);
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
INSERT INTO "tasks" VALUES('loop01-mid','What is the price of Calder CI per month?','{"question": "What is the price of Calder CI per month?", "objects": [{"name": "Calder CI", "aliases": [], "official_domains": ["calder-ci.example"]}], "dimensions": [{"name": "price", "keywords": ["price", "pricing", "costs", "per month"], "kind": "number", "values": [], "unit": "USD", "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','c45ee8c8e682','{"db": "/tmp/tmpvyai5t46/v4.db", "traces": "/tmp/tmpvyai5t46/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/loop/loop-01", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 5, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20}','["search:local", "visit"]','partial','budget_exhausted','budget_steps','5/5 steps','{"max_steps": 5, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":5,"tool_calls":4,"tokens":0,"cost":0.0,"elapsed_seconds":2.423}',0,'2026-12-01T10:50:06.150020+00:00','2026-12-01T10:50:08.941895+00:00');
INSERT INTO "tasks" VALUES('loop07-mid','What is the license of Sorrel Metrics?','{"question": "What is the license of Sorrel Metrics?", "objects": [{"name": "Sorrel Metrics", "aliases": [], "official_domains": ["sorrel-metrics.example"]}], "dimensions": [{"name": "license", "keywords": ["license", "licence", "licensed"], "kind": "license", "values": [], "unit": null, "key": true}], "constraints": [], "min_sources": 2, "primary_domains": [], "allowed_domains": [], "denied_domains": [], "source": "file"}','5c51b004f02e','{"db": "/tmp/tmpvyai5t46/v4.db", "traces": "/tmp/tmpvyai5t46/traces", "model": "offline", "openai_base_url": null, "prices_file": null, "openai_structured_output": "auto", "llm_capabilities_file": null, "planner": "auto", "llm_timeout": 120.0, "llm_attempts": 4, "llm_max_tokens_plan": 200, "llm_max_tokens_extract": 600, "llm_max_tokens_judge": 150, "llm_max_tokens_synthesize": 600, "llm_max_tokens_contract": 600, "llm_invalid_retries": 2, "llm_page_chars": 12000, "offline_guard": false, "record_script": null, "corpus": "evalsets/loop/loop-07", "with_corpus": false, "search_backend": "local", "searxng_url": null, "max_steps": 5, "max_time": null, "max_tokens": null, "max_cost": null, "risk_policy": null, "http_timeout": 0.5, "max_page_bytes": 2000000, "retry_base_delay": 0.05, "retry_max_delay": 0.5, "transient_attempts": 3, "max_consecutive_failures": 6, "max_unchanged_steps": 20}','["search:local", "visit"]','partial','budget_exhausted','budget_steps','5/5 steps','{"max_steps": 5, "max_time": null, "max_tokens": null, "max_cost": null}','{"steps":5,"tool_calls":5,"tokens":0,"cost":0.0,"elapsed_seconds":0.242}',0,'2026-12-01T10:50:08.972974+00:00','2026-12-01T10:50:09.575555+00:00');
CREATE INDEX tasks_status ON tasks (status, updated_at);
CREATE INDEX sources_canonical ON sources (task_id, canonical_url);
CREATE INDEX actions_key ON actions (task_id, key);
COMMIT;
