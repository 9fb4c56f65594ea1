// For each BVH file: `bvhscope convert` to .glb and .gltf; the Khronos glTF-Validator must report
// no errors and no warnings on both; three.js (GLTFLoader, AnimationMixer) posed at the first,
// a middle and the last frame must put every node where `bvhscope positions` does, after the
// unit and axis change the file records in asset.extras, within 1e-4 of the figure's height.
// The same for a .glb with --body (the skinned body mesh).
// usage: node check_exports.mjs BVHSCOPE OUTDIR FILE.bvh...
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import validator from 'gltf-validator';
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

const [bvhscope, outDir, ...captures] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });

// From the file's axes to glTF's +Y up, written out per up axis (proper rotations: a quarter or
// half turn), then scaled to metres.
const toYUp = {
  '+Y': ([x, y, z]) => [x, y, z],
  '+Z': ([x, y, z]) => [x, z, -y],
  '-Y': ([x, y, z]) => [x, -y, -z],
  '-Z': ([x, y, z]) => [x, -z, y],
  '+X': ([x, y, z]) => [-y, x, z],
  '-X': ([x, y, z]) => [y, -x, z],
};

let failures = 0;
function fail(message) {
  console.log(`FAIL ${message}`);
  failures += 1;
}

async function validate(file) {
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    maxIssues: 20,
  });
  const { numErrors, numWarnings, messages } = report.issues;
  if (numErrors > 0 || numWarnings > 0) {
    fail(`${file}: validator: ${numErrors} errors, ${numWarnings} warnings: ` +
         JSON.stringify(messages.filter((m) => m.severity <= 1)));
  } else {
    console.log(`ok ${path.basename(file)}: validator: no errors, no warnings`);
  }
}

function positionsAt(bvh, frame) {
  const csv = execFileSync(bvhscope, ['positions', bvh, '--frames', String(frame)], {
    encoding: 'utf8', maxBuffer: 1 << 28,
  });
  return csv.trim().split('\n').slice(1).map((line) => {
    const cells = line.split(',');
    return cells.slice(-3).map(Number);
  });
}

// A --body file's skinned mesh, posed by three.js, must stay on the figure: every vertex (every
// 7th, skinned by three's own code) within a quarter of the joints' box's largest side of that
// box (the captures here stretch bones with position channels and lie down, so not tighter). A
// wrong inverse bind matrix or joint index moves parts of it by the figure's size.
function checkBodyFollows(scene, joints, where) {
  let body = null;
  scene.traverse((object) => { if (object.isSkinnedMesh) body = object; });
  if (body === null) return true;
  const jointLow = [0, 1, 2].map((i) => Math.min(...joints.map((p) => p[i])));
  const jointHigh = [0, 1, 2].map((i) => Math.max(...joints.map((p) => p[i])));
  const margin = 0.25 * Math.max(...[0, 1, 2].map((i) => jointHigh[i] - jointLow[i]));
  const low = jointLow.map((v) => v - margin);
  const high = jointHigh.map((v) => v + margin);
  const vertex = new THREE.Vector3();
  const count = body.geometry.attributes.position.count;
  for (let index = 0; index < count; index += 7) {
    body.getVertexPosition(index, vertex);
    vertex.applyMatrix4(body.matrixWorld);
    const p = vertex.toArray();
    if (p.some((v, i) => !(v >= low[i] && v <= high[i]))) {
      fail(`${where}: body vertex ${index} at ${p} is off the figure (${low} to ${high})`);
      return false;
    }
  }
  return true;
}

async function compareWithThree(bvh, glb) {
  const bytes = fs.readFileSync(glb);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new Promise((resolve, reject) =>
    new GLTFLoader().parse(buffer, '', resolve, reject));
  const json = gltf.parser.json;
  const { sourceUpAxis, metresPerSourceUnit } = json.asset.extras;
  const objects = new Array(json.nodes.length);
  gltf.scene.traverse((object) => {
    const association = gltf.parser.associations.get(object);
    if (association && association.nodes !== undefined) objects[association.nodes] = object;
  });
  const mixer = new THREE.AnimationMixer(gltf.scene);
  if (gltf.animations.length > 0) {
    // Played once and held at its end: a repeating action wraps the last frame's time to 0.
    const action = mixer.clipAction(gltf.animations[0]);
    action.setLoop(THREE.LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
  }
  const frameCount = json.animations ? json.accessors[0].count : 1;
  const frameTime = frameCount > 1 ? json.accessors[0].max[0] / (frameCount - 1) : 0;
  let worst = 0;
  for (const frame of [0, Math.floor((frameCount - 1) / 2), frameCount - 1]) {
    const expected = positionsAt(bvh, frame).map((p) =>
      toYUp[sourceUpAxis](p).map((v) => v * metresPerSourceUnit));
    const heights = expected.map((p) => p[1]);
    const height = Math.max(...heights) - Math.min(...heights);
    // The key's own time, as the file stores it (a float).
    const seconds = Math.fround(frame * frameTime);
    mixer.setTime(seconds);
    gltf.scene.updateMatrixWorld(true);
    for (let node = 0; node < expected.length; node += 1) {
      const world = new THREE.Vector3().setFromMatrixPosition(objects[node].matrixWorld);
      const error = Math.max(...[world.x, world.y, world.z].map((v, i) =>
        Math.abs(v - expected[node][i])));
      worst = Math.max(worst, error / height);
      if (error > 1e-4 * height) {
        fail(`${glb}: frame ${frame}, node ${json.nodes[node].name}: three.js ` +
             `${world.toArray()} vs positions ${expected[node]} (height ${height})`);
        return;
      }
    }
    if (!checkBodyFollows(gltf.scene, expected, `${glb}: frame ${frame}`)) return;
  }
  console.log(`ok ${path.basename(glb)}: three.js matches positions (worst ${worst.toExponential(2)} of the height)`);
}

for (const bvh of captures) {
  const stem = path.join(outDir, path.basename(bvh, '.bvh'));
  for (const extension of ['.glb', '.gltf']) {
    execFileSync(bvhscope, ['convert', bvh, stem + extension], { stdio: 'ignore' });
    await validate(stem + extension);
  }
  await compareWithThree(bvh, stem + '.glb');
  // --body adds the skinned body mesh (issue 29): valid too, and the joints still where they are.
  execFileSync(bvhscope, ['convert', bvh, stem + '_body.glb', '--body'], { stdio: 'ignore' });
  await validate(stem + '_body.glb');
  await compareWithThree(bvh, stem + '_body.glb');
}
if (failures > 0) {
  console.log(`${failures} failures`);
  process.exit(1);
}
